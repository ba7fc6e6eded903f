import {
  Disc3Icon,
  FileMinusIcon,
  FileOutputIcon,
  HashIcon,
  LayersIcon,
  ListOrderedIcon,
  RotateCwIcon,
  ScissorsIcon,
  StampIcon,
  TagIcon,
} from 'lucide-react';
import { PageHeader } from '../components/page-header';
import { ToolLinkGrid } from '../components/tool-links';
import { Section } from '../components/section';

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
              { id: 'edit-metadata', icon: TagIcon },
              { id: 'flatten', icon: LayersIcon },
            ]}
          />
        </Section>
        <Section title="Rearrange pages">
          <ToolLinkGrid
            tools={[
              { id: 'organize', icon: ListOrderedIcon },
              { id: 'rotate', icon: RotateCwIcon },
              { id: 'split', icon: ScissorsIcon },
              { id: 'extract-pages', icon: FileOutputIcon },
              { id: 'remove-pages', icon: FileMinusIcon },
              { id: 'repair', icon: Disc3Icon },
            ]}
          />
        </Section>
      </div>
    </div>
  );
}
