import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import type { ToolSummary } from '@/lib/tool-catalogue';
import { CATEGORY_STYLE, TOOL_ICONS } from '@/lib/tool-icons';
import { cn } from '@/lib/utils';

/**
 * Tools as cards linking to their pages: /tools, the category pages, the dashboard's hubs and a tool
 * page's related tools all show tools this one way.
 */
export function ToolGrid({ tools, unavailable, className }: { tools: readonly ToolSummary[]; unavailable?: ReadonlySet<string>; className?: string }) {
  return (
    <ul className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', className)}>
      {tools.map((tool) => (
        <li key={tool.id}>
          <ToolCard tool={tool} available={!unavailable?.has(tool.id)} />
        </li>
      ))}
    </ul>
  );
}

function ToolCard({ tool, available }: { tool: ToolSummary; available: boolean }) {
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
