import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import {
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuTrigger,
} from '@/components/ui/navigation-menu';
import { ENTERPRISE_LINKS, TOOL_CATEGORIES, type SiteLink } from '@/features/marketing/site-links';
import { cn } from '@/lib/utils';
import { MENU_OPEN_DELAY_MS, MENU_SKIP_DELAY_MS, SCROLL_THRESHOLD_PX } from './layout-constants';
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
        <DesktopMenu />
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          <SessionButtons className="hidden md:flex" />
          <MobileNav />
        </div>
      </div>
    </header>
  );
}

function DesktopMenu() {
  return (
    <NavigationMenu delayDuration={MENU_OPEN_DELAY_MS} skipDelayDuration={MENU_SKIP_DELAY_MS} className="hidden md:flex">
      <NavigationMenuList>
        <NavigationMenuItem>
          <NavigationMenuTrigger>PDF Tools</NavigationMenuTrigger>
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
        <NavigationMenuItem>
          <NavigationMenuTrigger>Enterprise</NavigationMenuTrigger>
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
