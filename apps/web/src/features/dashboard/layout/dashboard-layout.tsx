import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { useRealtime } from '../hooks/use-realtime';
import { useSidebarCollapsed } from '../hooks/use-sidebar-collapsed';
import { DashboardHeader } from './header';
import { SidebarContent } from './sidebar';

/**
 * The signed-in shell: a sidebar (collapsible on desktop, a drawer on phones that closes on
 * navigation), the header, and the page. Every /dashboard page renders inside it.
 */
export function DashboardLayout() {
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  useRealtime();

  // Any navigation (a link in the drawer, the browser's back button) closes the drawer.
  useEffect(() => setDrawerOpen(false), [location.pathname, location.search]);

  return (
    <div className="flex min-h-svh bg-muted/40 dark:bg-background">
      <aside
        data-collapsed={collapsed}
        className={cn('hidden shrink-0 border-r bg-card transition-[width] duration-200 lg:block', collapsed ? 'w-[4.5rem]' : 'w-64')}
      >
        <div className="sticky top-0 h-svh">
          <SidebarContent collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
        </div>
      </aside>

      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent side="left" className="w-72 max-w-[85vw] gap-0 p-0">
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Dashboard navigation</SheetDescription>
          <SidebarContent />
        </SheetContent>
      </Sheet>

      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardHeader onOpenMenu={() => setDrawerOpen(true)} />
        <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
