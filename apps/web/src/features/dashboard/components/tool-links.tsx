import { ArrowRightIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { TOOLS } from '@wattle/shared';
import { cn } from '@/lib/utils';

export interface ToolLink {
  id: (typeof TOOLS)[number]['id'];
  icon: LucideIcon;
}

/** Cards that open PDF tools at /tools/<id>, named and described by the tool registry. */
export function ToolLinkGrid({ tools, className }: { tools: ToolLink[]; className?: string }) {
  return (
    <ul className={cn('grid gap-3 sm:grid-cols-2 xl:grid-cols-3', className)}>
      {tools.map(({ id, icon: Icon }) => {
        const tool = TOOLS.find((t) => t.id === id);
        if (!tool) return null;
        return (
          <li key={id}>
            <Link
              to={`/tools/${id}`}
              className="group flex h-full items-start gap-3 rounded-xl border bg-card p-4 shadow-xs transition-[border-color,box-shadow] outline-none hover:border-primary/40 hover:shadow-sm focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="grid min-w-0 gap-1">
                <span className="flex items-center gap-1 font-medium">
                  {tool.name}
                  <ArrowRightIcon className="size-4 -translate-x-1 text-primary opacity-0 transition-[opacity,translate] group-hover:translate-x-0 group-hover:opacity-100" aria-hidden="true" />
                </span>
                <span className="text-sm leading-snug text-muted-foreground">{tool.description}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
