import type { DocumentItem } from '@wattle/shared';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { TOOL_ICONS } from '@/lib/tool-icons';
import { handoffState } from '@/lib/tool-handoff';
import { toolsForDocuments } from '../lib/pdf-tools';

/** A menu of the tools that take these documents; the tool page opens with them already listed (sent by id, not downloaded). */
export function OpenInToolMenu({ documents, children }: { documents: DocumentItem[]; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-80 overflow-y-auto">
        <DropdownMenuLabel>Open in a tool</DropdownMenuLabel>
        {toolsForDocuments(documents.length).map((tool) => {
          const Icon = TOOL_ICONS[tool.id];
          return (
            <DropdownMenuItem key={tool.id} onSelect={() => void navigate(`/tools/${tool.id}`, { state: handoffState({ documents }) })}>
              <Icon aria-hidden />
              {tool.name}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
