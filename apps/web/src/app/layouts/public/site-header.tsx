import { useRef, useState, type ComponentType } from 'react';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { NavigationMenuChevron, navigationMenuListStyle, navigationMenuRootStyle, navigationMenuTriggerStyle } from '@/components/ui/navigation-menu-style';
import { cn } from '@/lib/utils';
import type { DesktopMenuProps } from './desktop-menu';
import { DESKTOP_MENUS, SCROLL_THRESHOLD_PX, type DesktopMenuId } from './layout-constants';
import { MobileNav } from './mobile-nav';
import { SessionButtons } from './session-buttons';
import { useScrolled } from './use-scrolled';

export function SiteHeader() {
  const scrolled = useScrolled(SCROLL_THRESHOLD_PX);
  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 h-[72px] border-b transition-[background-color,border-color,box-shadow] duration-200',
        scrolled
          ? 'border-border bg-background/95 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-background/85'
          : 'border-transparent bg-background/60 backdrop-blur-sm',
      )}
    >
      <div className="mx-auto flex h-full max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <Logo />
        <DesktopNav />
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          <SessionButtons className="hidden md:flex" />
          <MobileNav />
        </div>
      </div>
    </header>
  );
}

// The hover menus' Radix code is not needed until the pointer or the keyboard comes to them: until
// then the same triggers stand in, and a click on one or the focus on one carries over to the real menu.
const loadDesktopMenu = () => import('./desktop-menu');

function DesktopNav() {
  const standIn = useRef<HTMLElement>(null);
  const clicked = useRef<DesktopMenuId>(undefined);
  const [loaded, setLoaded] = useState<{ Menu: ComponentType<DesktopMenuProps> } & DesktopMenuProps>();

  const load = () => {
    void loadDesktopMenu().then(({ DesktopMenu }) => {
      const active = document.activeElement;
      const focus = active instanceof HTMLElement && standIn.current?.contains(active) ? (active.dataset.menu as DesktopMenuId) : undefined;
      setLoaded((current) => current ?? { Menu: DesktopMenu, focus, open: clicked.current });
    });
  };

  if (loaded) return <loaded.Menu focus={loaded.focus} open={loaded.open} />;
  return (
    <nav ref={standIn} aria-label="Main" className={cn(navigationMenuRootStyle, 'hidden md:flex')} onPointerEnter={load} onFocus={load}>
      <div className="relative">
        <ul className={navigationMenuListStyle}>
          {DESKTOP_MENUS.map((menu) => (
            <li key={menu.id} className="relative">
              <button
                type="button"
                data-menu={menu.id}
                aria-expanded={false}
                className={cn(navigationMenuTriggerStyle(), 'group')}
                onClick={() => {
                  clicked.current = menu.id;
                  load();
                }}
              >
                {menu.label} <NavigationMenuChevron />
              </button>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
