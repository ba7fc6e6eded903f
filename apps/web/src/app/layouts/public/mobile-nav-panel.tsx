import { LayoutGridIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { ENTERPRISE_LINKS, TOOL_CATEGORIES, type SiteLink } from '@/features/marketing/site-links';
import { SessionButtons } from './session-buttons';

const GROUPS = [
  { id: 'tools', title: 'PDF Tools', links: [...TOOL_CATEGORIES, { title: 'All PDF tools', href: '/tools', icon: LayoutGridIcon }] },
  { id: 'enterprise', title: 'Enterprise', links: ENTERPRISE_LINKS },
] as const;

/** The phone menu's slide-in panel, whose groups expand one at a time (loaded when the menu is first wanted). */
export function MobileNavPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-[86%] gap-0 overflow-y-auto sm:max-w-sm">
        <SheetHeader className="h-[72px] flex-row items-center border-b px-4 py-0">
          <SheetTitle asChild>
            <div>
              <Logo onClick={close} />
            </div>
          </SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Main" className="px-4">
          <Accordion type="single" collapsible>
            {GROUPS.map((group) => (
              <AccordionItem key={group.id} value={group.id}>
                <AccordionTrigger className="text-base hover:no-underline">{group.title}</AccordionTrigger>
                <AccordionContent className="pb-3">
                  <ul className="grid gap-1">
                    {group.links.map((link) => (
                      <MobileLink key={link.href} link={link} onNavigate={close} />
                    ))}
                  </ul>
                </AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </nav>
        <div className="mt-auto border-t p-4">
          <SessionButtons onDone={close} className="grid grid-cols-2" />
        </div>
      </SheetContent>
    </Sheet>
  );
}

function MobileLink({ link, onNavigate }: { link: SiteLink; onNavigate: () => void }) {
  const Icon = link.icon;
  const content = (
    <>
      {Icon && <Icon className="size-5 text-primary" aria-hidden="true" />}
      {link.title}
    </>
  );
  const className = 'flex items-center gap-3 rounded-md px-2 py-2.5 text-sm font-medium';
  return (
    <li>
      <Link
        to={link.href}
        onClick={onNavigate}
        className={`${className} hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:outline-none`}
      >
        {content}
      </Link>
    </li>
  );
}
