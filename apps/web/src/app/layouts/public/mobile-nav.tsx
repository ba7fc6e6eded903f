import { MenuIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';

// The panel's dialog and accordion code is not needed until someone opens the menu.
const loadPanel = () => import('./mobile-nav-panel');
const MobileNavPanel = lazy(async () => ({ default: (await loadPanel()).MobileNavPanel }));

/** The phone menu's button; the panel itself loads when the button is first touched or focused. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const { pathname } = useLocation();

  // Any navigation (including the browser's back button) closes the panel.
  useEffect(() => setOpen(false), [pathname]);

  const want = () => {
    setWanted(true);
    void loadPanel();
  };

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={want}
        onFocus={want}
        onClick={() => {
          want();
          setOpen(true);
        }}
      >
        <MenuIcon className="size-6" />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileNavPanel open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
