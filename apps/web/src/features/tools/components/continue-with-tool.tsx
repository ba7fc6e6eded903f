import type { JobOutput } from '@wattle/shared';
import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { CATEGORY_STYLE, TOOL_ICONS } from '@/lib/tool-icons';
import { cn } from '@/lib/utils';
import { continueState, continueTargets } from '../lib/continue-with';

/** "Continue with another tool": the tools that take this result, each opening with it already chosen. */
export function ContinueWithTool({ toolId, outputs }: { toolId: string; outputs: readonly JobOutput[] }) {
  const tools = continueTargets(toolId, outputs);
  if (tools.length === 0) return null;
  const what = outputs.length === 1 ? 'this file' : `these ${outputs.length} files`;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <ArrowRightIcon /> Continue with another tool
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Continue with another tool</DialogTitle>
          <DialogDescription>Choose a tool to use on {what}. There is no need to download it and upload it again.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2 sm:grid-cols-2">
          {tools.map((tool) => {
            const Icon = TOOL_ICONS[tool.id];
            return (
              <li key={tool.id}>
                <Link
                  to={`/tools/${tool.id}`}
                  state={continueState(outputs)}
                  className="flex items-center gap-3 rounded-lg border p-3 text-sm font-medium transition-colors outline-none hover:border-primary/40 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className={cn('grid size-9 shrink-0 place-items-center rounded-lg', CATEGORY_STYLE[tool.category].tint)}>
                    <Icon className="size-4.5" aria-hidden />
                  </span>
                  {tool.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
