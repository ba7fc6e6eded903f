import { TOOL_CATEGORIES, TOOLS, type Tool, type ToolId } from '@wattle/shared';
import { ClockIcon, FilePlusIcon, FilePenLineIcon, LayersIcon, LockIcon, MapPinIcon, Share2Icon, ShieldCheckIcon, type LucideIcon } from 'lucide-react';

/**
 * The menu's category pages (`/tools/create`, …): which registry tools each one offers, and its words.
 * `/tools/convert` is the marketing page of the same family, owned with the other marketing pages.
 */
export const CATEGORY_SLUGS = ['create', 'edit', 'secure', 'share', 'organize'] as const;

export interface CategoryPage {
  slug: (typeof CATEGORY_SLUGS)[number];
  name: string;
  icon: LucideIcon;
  title: string;
  description: string;
  tools: ToolId[];
}

export const CATEGORY_PAGES: CategoryPage[] = [
  {
    slug: 'create',
    name: 'Create PDF',
    icon: FilePlusIcon,
    title: 'Create PDFs from images and documents',
    description: 'Turn photos, scans, Word, Excel and PowerPoint files into clean PDFs, combine them into one, and make scans searchable.',
    tools: ['image-to-pdf', 'office-to-pdf', 'merge', 'ocr'],
  },
  {
    slug: 'edit',
    name: 'Edit PDF',
    icon: FilePenLineIcon,
    title: 'Edit PDFs in your browser',
    description: 'Stamp a watermark, number the pages, fix the title and author, turn pages the right way up and lock form fields in place.',
    tools: ['watermark', 'page-numbers', 'edit-metadata', 'rotate', 'flatten', 'organize'],
  },
  {
    slug: 'secure',
    name: 'Secure PDF',
    icon: LockIcon,
    title: 'Protect PDFs with 256-bit encryption',
    description: 'Lock a PDF with a password, remove a password you know, and strip hidden scripts, links, attachments and metadata before you send it.',
    tools: ['protect', 'unlock', 'sanitize', 'flatten'],
  },
  {
    slug: 'share',
    name: 'Share PDF',
    icon: Share2Icon,
    title: 'Get PDFs ready to share',
    description: 'Make files small enough for email, lock them with a password, remove private details and turn pages into images for chat and the web.',
    tools: ['compress', 'protect', 'sanitize', 'pdf-to-image'],
  },
  {
    slug: 'organize',
    name: 'Organize PDFs',
    icon: LayersIcon,
    title: 'Merge, split and reorder pages',
    description: 'Combine PDFs, split them into parts, put pages in a new order, pull out the pages you need or delete the ones you do not.',
    tools: ['merge', 'split', 'organize', 'extract-pages', 'remove-pages', 'rotate', 'compress', 'repair'],
  },
];

/** Claims from the product's marketing (spec section 1), shown on every category page. */
export const CATEGORY_BENEFITS: { icon: LucideIcon; title: string; description: string }[] = [
  { icon: MapPinIcon, title: 'Australian-hosted', description: 'Files are processed and stored on Australian-hosted servers, in line with Australian privacy guidelines.' },
  { icon: ClockIcon, title: 'Deleted automatically', description: 'Uploads and results are deleted automatically after processing: you choose what to keep.' },
  { icon: ShieldCheckIcon, title: 'Enterprise security', description: '256-bit AES passwords, private expiring download links and nothing run from inside your documents.' },
];

/**
 * Tools shown under a tool's page: its menu family when the tool shares the family's address
 * (/tools/organize), otherwise the other tools of its registry category.
 */
export function relatedTools(tool: Tool): { title: string; tools: Tool[] } {
  const family = CATEGORY_PAGES.find((page) => page.slug === tool.id);
  if (family) return { title: family.name, tools: TOOLS.filter((t) => t.id !== tool.id && family.tools.includes(t.id)) };
  const category = TOOL_CATEGORIES.find((c) => c.id === tool.category)!;
  return { title: category.name, tools: TOOLS.filter((t) => t.id !== tool.id && t.category === tool.category) };
}
