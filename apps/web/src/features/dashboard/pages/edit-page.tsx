import {
  FileMinusIcon,
  FileOutputIcon,
  FilesIcon,
  HashIcon,
  LayersIcon,
  ListOrderedIcon,
  LockOpenIcon,
  RotateCwIcon,
  ScissorsIcon,
  StampIcon,
  TagIcon,
  WrenchIcon,
} from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Section } from '../components/section';
import { ToolLinkGrid } from '../components/tool-links';

export function EditPdfPage() {
  return (
    <div>
      <PageHeader title="Edit PDF" description="Mark up, number, reorder and tidy the pages of your PDFs." />
      <div className="space-y-8">
        <Section title="Mark up pages">
          <ToolLinkGrid
            tools={[
              { id: 'watermark', icon: StampIcon },
              { id: 'page-numbers', icon: HashIcon },
              { id: 'flatten', icon: LayersIcon },
            ]}
          />
        </Section>
        <Section title="Rearrange pages">
          <ToolLinkGrid
            tools={[
              { id: 'organize', icon: ListOrderedIcon },
              { id: 'rotate', icon: RotateCwIcon },
              { id: 'merge', icon: FilesIcon },
              { id: 'split', icon: ScissorsIcon },
              { id: 'extract-pages', icon: FileOutputIcon },
              { id: 'remove-pages', icon: FileMinusIcon },
            ]}
          />
        </Section>
        <Section title="Fix and tidy">
          <ToolLinkGrid
            tools={[
              { id: 'edit-metadata', icon: TagIcon },
              { id: 'repair', icon: WrenchIcon },
              { id: 'unlock', icon: LockOpenIcon },
            ]}
          />
        </Section>
      </div>
    </div>
  );
}
