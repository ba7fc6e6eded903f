import type { Tool } from '@wattle/shared';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { CATEGORY_STYLE, TOOL_ICONS } from '../lib/tool-icons';

/** A tool as a card linking to its page. */
export function ToolCard({ tool, available = true }: { tool: Tool; available?: boolean }) {
  const Icon = TOOL_ICONS[tool.id];
  return (
    <Link
      to={`/tools/${tool.id}`}
      className="group flex h-full gap-4 rounded-xl border bg-card p-5 shadow-xs transition-[border-color,box-shadow,translate] outline-none hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className={cn('grid size-11 shrink-0 place-items-center rounded-xl', CATEGORY_STYLE[tool.category].tint)}>
        <Icon className="size-5.5" aria-hidden />
      </span>
      <span className="min-w-0">
        <span className="flex flex-wrap items-center gap-2 font-semibold group-hover:text-primary">
          {tool.name}
          {!available && <Badge variant="outline">Unavailable</Badge>}
        </span>
        <span className="mt-1 block text-sm leading-6 text-muted-foreground">{tool.description}</span>
      </span>
    </Link>
  );
}
