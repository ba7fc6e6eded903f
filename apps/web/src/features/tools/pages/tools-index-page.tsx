import { isFormTool, TOOL_CATEGORIES, TOOLS } from '@wattle/shared';
import { useState } from 'react';
import { PageHero } from '@/components/public-page/page-hero';
import { SearchBox } from '@/components/search-box';
import { ToolGrid } from '@/components/tool-grid';
import { CATEGORY_STYLE } from '@/lib/tool-icons';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUnavailableTools } from '../api/tools-catalogue';
import { cn } from '@/lib/utils';

/** `/tools`: every tool from the registry, by category, with a quick filter. */
export function ToolsIndexPage() {
  useDocumentTitle('PDF Tools');
  const [search, setSearch] = useState('');
  const unavailable = useUnavailableTools();
  const needle = search.trim().toLowerCase();
  const matches = TOOLS.filter((t) => isFormTool(t) && (!needle || `${t.name} ${t.description}`.toLowerCase().includes(needle)));

  return (
    <>
      <PageHero
        title="Every PDF tool you need"
        description="Merge, split, compress, convert, secure and edit PDFs, free, on Australian-hosted servers. Every file is deleted automatically after processing."
        actions={
          <SearchBox
            value={search}
            onSearch={setSearch}
            label="Find a tool"
            placeholder="Find a tool, e.g. merge"
            className="mx-auto max-w-md"
            iconClassName="left-3.5 size-4.5"
            inputClassName="h-12 rounded-full bg-background pl-10 text-base shadow-sm"
          />
        }
      />
      <nav aria-label="Tool categories" className="sticky top-[72px] z-10 border-b bg-background/90 backdrop-blur">
        <ul className="mx-auto flex max-w-7xl gap-2 overflow-x-auto px-4 py-3 sm:px-6 lg:px-8 [scrollbar-width:none]">
          {TOOL_CATEGORIES.map((category) => {
            const Icon = CATEGORY_STYLE[category.id].icon;
            return (
              <li key={category.id} className="shrink-0">
                <a href={`#${category.id}`} className="inline-flex items-center gap-1.5 rounded-full border bg-card px-3 py-1.5 text-sm font-medium hover:border-primary/40 hover:text-primary">
                  <Icon className="size-4" aria-hidden />
                  {category.name}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mx-auto max-w-7xl space-y-14 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {matches.length === 0 && <p className="py-12 text-center text-muted-foreground">No tool matches “{search}”.</p>}
        {TOOL_CATEGORIES.map((category) => {
          const tools = matches.filter((t) => t.category === category.id);
          if (tools.length === 0) return null;
          const { icon: Icon, tint } = CATEGORY_STYLE[category.id];
          return (
            <section key={category.id} id={category.id} aria-labelledby={`${category.id}-title`} className="scroll-mt-[140px]">
              <h2 id={`${category.id}-title`} className="mb-5 flex items-center gap-3 text-xl font-bold tracking-tight sm:text-2xl">
                <span className={cn('grid size-9 place-items-center rounded-lg', tint)}>
                  <Icon className="size-5" aria-hidden />
                </span>
                {category.name}
              </h2>
              <ToolGrid tools={tools} unavailable={unavailable} />
            </section>
          );
        })}
      </div>
    </>
  );
}
