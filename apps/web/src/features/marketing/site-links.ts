import {
  FilePenLineIcon,
  FilePlusIcon,
  FileTypeIcon,
  LayersIcon,
  LockIcon,
  Share2Icon,
  ShieldCheckIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';

export interface SiteLink {
  title: string;
  href: string;
  description?: string;
  icon?: LucideIcon;
}

/** The PDF Tools mega-menu: six categories, shown in two columns. */
export const TOOL_CATEGORIES: SiteLink[] = [
  { title: 'Convert PDF', href: '/tools/convert', icon: FileTypeIcon, description: 'PDF to Word, Excel and PowerPoint, and back again' },
  { title: 'Create PDF', href: '/tools/create', icon: FilePlusIcon, description: 'Turn images and documents into PDFs' },
  { title: 'Edit PDF', href: '/tools/edit', icon: FilePenLineIcon, description: 'Text, images, highlights, comments, forms and signatures, in your browser' },
  { title: 'Secure PDF', href: '/tools/secure', icon: LockIcon, description: 'Passwords and 256-bit encryption' },
  { title: 'Share PDF', href: '/tools/share', icon: Share2Icon, description: 'Secure links with passwords, expiry, watermarks and read analytics' },
  { title: 'Organize PDFs', href: '/tools/organize', icon: LayersIcon, description: 'Merge, split and reorder pages' },
];

export const ENTERPRISE_LINKS: SiteLink[] = [
  { title: 'Security Features', href: '/enterprise/security', icon: ShieldCheckIcon, description: 'Australian hosting, encryption and privacy controls' },
  { title: 'Team Management', href: '/enterprise/team', icon: UsersIcon, description: 'Shared team spaces with invitations, roles and an activity log' },
];

export interface LinkGroup {
  title: string;
  links: SiteLink[];
}

/** A group of plain links, each given as [title, href]. */
function group(title: string, links: [title: string, href: string][]): LinkGroup {
  return { title, links: links.map(([title, href]) => ({ title, href })) };
}

export const FOOTER_COLUMNS: LinkGroup[] = [
  group('Product', [
    ['Features', '/features'],
    ['Pricing', '/pricing'],
    ['PDF Tools', '/tools'],
    ['API', '/api'],
    ['System Status', '/status'],
  ]),
  group('Company', [
    ['About Us', '/about'],
    ['Blog', '/blog'],
    ['Careers', '/careers'],
    ['Contact', '/contact'],
    ['Support', '/support'],
  ]),
  group('Legal', [
    ['Terms of Service', '/terms'],
    ['Privacy Policy', '/privacy-policy'],
    ['Security', '/security'],
    ['Compliance', '/compliance'],
    ['Sitemap', '/sitemap'],
  ]),
];

export const SITEMAP_GROUPS: LinkGroup[] = [
  group('Get started', [
    ['Home', '/'],
    ['Sign In', '/auth/login'],
    ['Sign Up', '/auth/signup'],
  ]),
  { title: 'PDF Tools', links: TOOL_CATEGORIES },
  { title: 'Enterprise', links: ENTERPRISE_LINKS },
  ...FOOTER_COLUMNS,
];
