import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import {
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuTrigger,
} from '@/components/ui/navigation-menu';
import { ENTERPRISE_LINKS, TOOL_CATEGORIES, type SiteLink } from '@/features/marketing/site-links';
import { DESKTOP_MENUS, MENU_OPEN_DELAY_MS, MENU_SKIP_DELAY_MS, type DesktopMenuId } from './layout-constants';

const [TOOLS_MENU, ENTERPRISE_MENU] = DESKTOP_MENUS;

export interface DesktopMenuProps {
  /** The menu to show open at once: its stand-in trigger was clicked before this code arrived. */
  open?: DesktopMenuId;
  /** The trigger to focus at once: its stand-in had the keyboard's focus. */
  focus?: DesktopMenuId;
}

/** The top bar's hover menus on wide screens (loaded when first wanted, see site-header.tsx). */
export function DesktopMenu({ open, focus }: DesktopMenuProps) {
  return (
    <NavigationMenu defaultValue={open} delayDuration={MENU_OPEN_DELAY_MS} skipDelayDuration={MENU_SKIP_DELAY_MS} className="hidden md:flex">
      <NavigationMenuList>
        <NavigationMenuItem value={TOOLS_MENU.id}>
          <NavigationMenuTrigger autoFocus={focus === TOOLS_MENU.id}>{TOOLS_MENU.label}</NavigationMenuTrigger>
          <NavigationMenuContent>
            <ul className="grid w-[600px] grid-cols-2 gap-1 p-2">
              {TOOL_CATEGORIES.map((link) => (
                <MenuEntry key={link.href} link={link} />
              ))}
              <li className="col-span-2 border-t pt-1">
                <NavigationMenuLink asChild>
                  <Link to="/tools" className="flex-row items-center justify-between px-3 py-2.5 text-sm font-medium text-primary">
                    All PDF tools
                    <ArrowRightIcon className="size-4" aria-hidden="true" />
                  </Link>
                </NavigationMenuLink>
              </li>
            </ul>
          </NavigationMenuContent>
        </NavigationMenuItem>
        <NavigationMenuItem value={ENTERPRISE_MENU.id}>
          <NavigationMenuTrigger autoFocus={focus === ENTERPRISE_MENU.id}>{ENTERPRISE_MENU.label}</NavigationMenuTrigger>
          <NavigationMenuContent>
            <ul className="grid w-[400px] gap-1 p-2">
              {ENTERPRISE_LINKS.map((link) => (
                <MenuEntry key={link.href} link={link} />
              ))}
            </ul>
          </NavigationMenuContent>
        </NavigationMenuItem>
      </NavigationMenuList>
    </NavigationMenu>
  );
}

function MenuEntry({ link }: { link: SiteLink }) {
  const Icon = link.icon;
  const content = (
    <>
      {Icon && (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-secondary text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      )}
      <span className="grid gap-1">
        <span className="flex items-center gap-2 text-sm leading-none font-medium">
          {link.title}
        </span>
        <span className="line-clamp-2 text-sm leading-snug text-muted-foreground">{link.description}</span>
      </span>
    </>
  );
  return (
    <li>
      <NavigationMenuLink asChild>
        <Link to={link.href} className="flex-row items-start gap-3 p-3">
          {content}
        </Link>
      </NavigationMenuLink>
    </li>
  );
}
