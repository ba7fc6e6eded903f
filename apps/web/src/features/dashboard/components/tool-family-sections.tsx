import { getTool, type ToolFamily } from '@wattle/shared';
import type { LucideIcon } from 'lucide-react';
import { ToolGrid } from '@/components/tool-grid';
import { cn } from '@/lib/utils';
import { Section } from './section';

/** A dashboard hub's tools: the sections of its registry family, each a grid of tool cards. */
export function ToolFamilySections({ family, icon, gridClassName }: { family: ToolFamily; icon?: LucideIcon; gridClassName?: string }) {
  return family.sections.map((section) => (
    <Section key={section.title ?? family.id} title={section.title ?? family.name} icon={icon}>
      {/* Two columns beside the sidebar until the screen is wide enough for three. */}
      <ToolGrid tools={section.tools.map((id) => getTool(id))} className={cn('lg:grid-cols-2 xl:grid-cols-3', gridClassName)} />
    </Section>
  ));
}
