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
  { title: 'Edit PDF', href: '/tools/edit', icon: FilePenLineIcon, description: 'Add text, annotate and highlight' },
  { title: 'Secure PDF', href: '/tools/secure', icon: LockIcon, description: 'Passwords and 256-bit encryption' },
  { title: 'Share PDF', href: '/tools/share', icon: Share2Icon, description: 'Send documents with a secure link' },
  { title: 'Organize PDFs', href: '/tools/organize', icon: LayersIcon, description: 'Merge, split and reorder pages' },
];

export const ENTERPRISE_LINKS: SiteLink[] = [
  { title: 'Security Features', href: '/enterprise/security', icon: ShieldCheckIcon, description: 'Australian hosting, encryption and privacy controls' },
  { title: 'Team Management', href: '/enterprise/team', icon: UsersIcon, description: 'Invite colleagues and manage access in one place' },
];

export const FOOTER_COLUMNS: { title: string; links: SiteLink[] }[] = [
  {
    title: 'Product',
    links: [
      { title: 'Features', href: '/features' },
      { title: 'Pricing', href: '/pricing' },
      { title: 'PDF Tools', href: '/tools' },
      { title: 'API', href: '/api' },
      { title: 'System Status', href: '/status' },
    ],
  },
  {
    title: 'Company',
    links: [
      { title: 'About Us', href: '/about' },
      { title: 'Blog', href: '/blog' },
      { title: 'Careers', href: '/careers' },
      { title: 'Contact', href: '/contact' },
      { title: 'Support', href: '/support' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { title: 'Terms of Service', href: '/terms' },
      { title: 'Privacy Policy', href: '/privacy-policy' },
      { title: 'Security', href: '/security' },
      { title: 'Compliance', href: '/compliance' },
      { title: 'Sitemap', href: '/sitemap' },
    ],
  },
];
