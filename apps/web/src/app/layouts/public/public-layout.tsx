import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Signed-out site: fixed top bar, content offset 72 px below it, footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex-1 pt-[72px]">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
