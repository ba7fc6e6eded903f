import { cva } from 'class-variance-authority';
import { ChevronDownIcon } from 'lucide-react';

/*
 * The menu's looks apart from its Radix code, so the top bar's stand-in (site-header.tsx) looks the
 * same as the real menu without loading it.
 */

export const navigationMenuRootStyle = 'group/navigation-menu relative flex max-w-max flex-1 items-center justify-center';
export const navigationMenuListStyle = 'group flex flex-1 list-none items-center justify-center gap-1';

export const navigationMenuTriggerStyle = cva(
  'group inline-flex h-9 w-max items-center justify-center rounded-md bg-transparent px-4 py-2 text-sm font-medium transition-[color,box-shadow] outline-none hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-1 disabled:pointer-events-none disabled:opacity-50 data-[state=open]:bg-accent/60 data-[state=open]:text-accent-foreground',
);

export function NavigationMenuChevron() {
  return <ChevronDownIcon className="relative top-[1px] ml-1 size-3 transition duration-300 group-data-[state=open]:rotate-180" aria-hidden="true" />;
}
