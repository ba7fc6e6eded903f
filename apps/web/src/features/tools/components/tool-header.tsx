import { TOOL_CATEGORIES, type Tool } from '@wattle/shared';
import { ChevronRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { CATEGORY_STYLE, TOOL_ICONS } from '@/lib/tool-icons';

/** Breadcrumb, icon, name and one-line description of a tool. */
export function ToolHeader({ tool }: { tool: Tool }) {
  const Icon = TOOL_ICONS[tool.id];
  const category = TOOL_CATEGORIES.find((c) => c.id === tool.category)!;
  return (
    <header className="text-center">
      <nav aria-label="Breadcrumb" className="mb-6 flex justify-center">
        <ol className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <li>
            <Link to="/tools" className="hover:text-foreground">
              PDF Tools
            </Link>
          </li>
          <ChevronRightIcon className="size-3.5" aria-hidden />
          <li>
            <Link to={`/tools#${category.id}`} className="hover:text-foreground">
              {category.name}
            </Link>
          </li>
        </ol>
      </nav>
      <span className={cn('mx-auto grid size-14 place-items-center rounded-2xl', CATEGORY_STYLE[tool.category].tint)}>
        <Icon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{tool.name}</h1>
      <p className="mx-auto mt-3 max-w-2xl text-lg text-pretty text-muted-foreground">{tool.description}</p>
    </header>
  );
}
