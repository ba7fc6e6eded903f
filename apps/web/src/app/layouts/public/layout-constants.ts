/**
 * Spec section 9 constants for the public top bar. The 72 px bar height and content offset live in the
 * Tailwind classes of site-header.tsx and public-layout.tsx. Radix NavigationMenu closes 150 ms after
 * the pointer leaves (fixed in the library), which is the spec's close delay.
 */
export const SCROLL_THRESHOLD_PX = 10;
export const MENU_OPEN_DELAY_MS = 200;
export const MENU_SKIP_DELAY_MS = 300;

/** The top bar's two hover menus on wide screens, named by the same ids in the stand-in and the real menu. */
export const DESKTOP_MENUS = [
  { id: 'tools', label: 'PDF Tools' },
  { id: 'enterprise', label: 'Enterprise' },
] as const;
export type DesktopMenuId = (typeof DESKTOP_MENUS)[number]['id'];
