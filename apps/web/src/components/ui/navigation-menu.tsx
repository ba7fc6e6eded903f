import { NavigationMenu as NavigationMenuPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { NavigationMenuChevron, navigationMenuListStyle, navigationMenuRootStyle, navigationMenuTriggerStyle } from './navigation-menu-style';

/**
 * Hover menus for the top bar (the PDF Tools mega-menu). Radix opens after `delayDuration`, skips the
 * delay when moving between triggers within `skipDelayDuration`, and closes 150 ms after the pointer leaves.
 */
export function NavigationMenu({
  className,
  children,
  viewport = true,
  ...props
}: React.ComponentProps<typeof NavigationMenuPrimitive.Root> & { viewport?: boolean }) {
  return (
    <NavigationMenuPrimitive.Root
      data-slot="navigation-menu"
      data-viewport={viewport}
      className={cn(navigationMenuRootStyle, className)}
      {...props}
    >
      {children}
      {viewport && <NavigationMenuViewport />}
    </NavigationMenuPrimitive.Root>
  );
}

export function NavigationMenuList({ className, ...props }: React.ComponentProps<typeof NavigationMenuPrimitive.List>) {
  return (
    <NavigationMenuPrimitive.List
      data-slot="navigation-menu-list"
      className={cn(navigationMenuListStyle, className)}
      {...props}
    />
  );
}

export function NavigationMenuItem({ className, ...props }: React.ComponentProps<typeof NavigationMenuPrimitive.Item>) {
  return <NavigationMenuPrimitive.Item data-slot="navigation-menu-item" className={cn('relative', className)} {...props} />;
}

/**
 * Radix puts a focus sentinel after an open trigger: a span both `aria-hidden` and tabbable, which axe
 * rightly counts as hidden focusable content (aria-hidden-focus). The trigger takes the sentinel out of
 * the tab order and does its one job itself: Tab from an open trigger goes to the menu's first link.
 */
export function NavigationMenuTrigger({ className, children, onKeyDown, ...props }: React.ComponentProps<typeof NavigationMenuPrimitive.Trigger>) {
  return (
    <NavigationMenuPrimitive.Trigger
      data-slot="navigation-menu-trigger"
      className={cn(navigationMenuTriggerStyle(), 'group', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || event.key !== 'Tab' || event.shiftKey || event.currentTarget.dataset.state !== 'open') return;
        const content = document.getElementById(event.currentTarget.getAttribute('aria-controls') ?? '');
        const first = content?.querySelector<HTMLElement>('a[href], button:not([disabled])');
        if (!first) return;
        event.preventDefault();
        first.focus();
      }}
      {...props}
      ref={untabFocusSentinel}
    >
      {children} <NavigationMenuChevron />
    </NavigationMenuPrimitive.Trigger>
  );
}

function untabFocusSentinel(trigger: HTMLButtonElement | null) {
  const item = trigger?.parentElement;
  if (!item) return;
  const untab = () => item.querySelectorAll(':scope > [aria-hidden="true"][tabindex="0"]').forEach((sentinel) => sentinel.setAttribute('tabindex', '-1'));
  untab();
  const observer = new MutationObserver(untab);
  observer.observe(item, { childList: true });
  return () => observer.disconnect();
}

export function NavigationMenuContent({ className, ...props }: React.ComponentProps<typeof NavigationMenuPrimitive.Content>) {
  return (
    <NavigationMenuPrimitive.Content
      data-slot="navigation-menu-content"
      className={cn('top-0 left-0 w-full p-2 pr-2.5 md:absolute md:w-auto', className)}
      {...props}
    />
  );
}

export function NavigationMenuViewport({ className, ...props }: React.ComponentProps<typeof NavigationMenuPrimitive.Viewport>) {
  return (
    <div className="absolute top-full left-0 isolate z-50 flex justify-center">
      <NavigationMenuPrimitive.Viewport
        data-slot="navigation-menu-viewport"
        className={cn(
          'relative mt-1.5 h-[var(--radix-navigation-menu-viewport-height)] w-full origin-top-left overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg transition-[width,height] duration-200 data-[state=closed]:animate-fade-out data-[state=open]:animate-pop-in md:w-[var(--radix-navigation-menu-viewport-width)]',
          className,
        )}
        {...props}
      />
    </div>
  );
}

export function NavigationMenuLink({ className, ...props }: React.ComponentProps<typeof NavigationMenuPrimitive.Link>) {
  return (
    <NavigationMenuPrimitive.Link
      data-slot="navigation-menu-link"
      className={cn(
        "flex flex-col gap-1 rounded-sm p-2 text-sm transition-all outline-none hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-1 data-[active=true]:bg-accent/50 data-[active=true]:text-accent-foreground [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    />
  );
}
