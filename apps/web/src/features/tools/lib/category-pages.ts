import { familyTools, getToolFamily, isFormTool, TOOL_CATEGORIES, TOOL_FAMILIES, TOOLS, type Tool, type ToolFamily, type ToolFamilyId } from '@wattle/shared';
import type { Benefit } from '@/components/public-page/benefit-grid';
import { ClockIcon, LayersIcon, LockIcon, MapPinIcon, Share2Icon, ShieldCheckIcon, type LucideIcon } from 'lucide-react';

/**
 * The menu's category pages (`/tools/secure`, …): one per tool family of the registry, with its words.
 * `/tools/convert` is the marketing page of the conversions, owned with the other marketing pages.
 */
export interface CategoryPage {
  family: ToolFamily;
  icon: LucideIcon;
  title: string;
  description: string;
  /** The hero's main button when it is not the family's first tool. */
  primary?: { label: string; to: string };
}

/** Families whose address is a page of their own (routes.tsx): Create PDF and the editor. */
type OwnPageFamily = 'create' | 'edit';

const PAGE_WORDS: Record<Exclude<ToolFamilyId, OwnPageFamily>, Omit<CategoryPage, 'family'>> = {
  secure: {
    icon: LockIcon,
    title: 'Protect PDFs with 256-bit encryption',
    description: 'Lock a PDF with a password, remove a password you know, and strip hidden scripts, links, attachments and metadata before you send it.',
  },
  share: {
    icon: Share2Icon,
    title: 'Share PDFs by secure link',
    description:
      'Send a link instead of an attachment: add a password, an expiry, an email check and a watermark, and see who read which pages. Or make files small enough for email, lock them and remove private details first.',
    primary: { label: 'Create a secure link', to: '/dashboard/share' },
  },
  organize: {
    icon: LayersIcon,
    title: 'Merge, split and reorder pages',
    description: 'Combine PDFs, split them into parts, put pages in a new order, pull out the pages you need or delete the ones you do not.',
  },
};

export const CATEGORY_PAGES: CategoryPage[] = TOOL_FAMILIES.flatMap((family) => (family.id === 'create' || family.id === 'edit' ? [] : [{ family, ...PAGE_WORDS[family.id] }]));

/** Claims from the product's marketing (spec section 1), shown on every category page. */
export const CATEGORY_BENEFITS: Benefit[] = [
  { icon: MapPinIcon, title: 'Australian-hosted', description: 'Files are processed and stored on Australian-hosted servers, in line with Australian privacy guidelines.' },
  { icon: ClockIcon, title: 'Deleted automatically', description: 'Uploads and results are deleted automatically after processing: you choose what to keep.' },
  { icon: ShieldCheckIcon, title: 'Enterprise security', description: '256-bit AES passwords, private expiring download links and nothing run from inside your documents.' },
];

/**
 * Tools shown under a tool's page: its menu family when the tool shares the family's address
 * (/tools/organize), otherwise the other tools of its registry category.
 */
export function relatedTools(tool: Tool): { title: string; tools: Tool[] } {
  const family = getToolFamily(tool.id);
  if (family) {
    const members: readonly string[] = familyTools(family);
    return { title: family.name, tools: TOOLS.filter((t) => isFormTool(t) && t.id !== tool.id && members.includes(t.id)) };
  }
  const category = TOOL_CATEGORIES.find((c) => c.id === tool.category)!;
  return { title: category.name, tools: TOOLS.filter((t) => isFormTool(t) && t.id !== tool.id && t.category === tool.category) };
}
