import {
  DownloadIcon,
  FilePenLineIcon,
  FilePlusIcon,
  FileTextIcon,
  LayersIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  SettingsIcon,
  Share2Icon,
  UploadIcon,
  UserRoundIcon,
  UsersIcon,
  WrenchIcon,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The sidebar, in the spec's order (section 2), with the tool catalogue after the tool hubs. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboardIcon },
  { label: 'My Documents', to: '/dashboard/documents', icon: FileTextIcon },
  { label: 'Upload PDFs', to: '/dashboard/documents?upload=true', icon: UploadIcon },
  { label: 'Batch Process', to: '/dashboard/batch', icon: LayersIcon },
  { label: 'Create PDF', to: '/dashboard/create', icon: FilePlusIcon },
  { label: 'Edit PDF', to: '/dashboard/edit', icon: FilePenLineIcon },
  // The whole tool catalogue, beyond the hubs above.
  { label: 'All PDF Tools', to: '/tools', icon: WrenchIcon },
  { label: 'Share PDFs', to: '/dashboard/share', icon: Share2Icon },
  { label: 'Downloads', to: '/dashboard/downloads', icon: DownloadIcon },
  { label: 'Team', to: '/dashboard/team', icon: UsersIcon },
  { label: 'Profile', to: '/dashboard/profile', icon: UserRoundIcon },
  { label: 'Settings', to: '/dashboard/settings', icon: SettingsIcon },
  { label: 'Support', to: '/dashboard/support', icon: LifeBuoyIcon },
];

/**
 * Which entry is current. Dashboard only on its own path; My Documents and Upload PDFs share a path
 * and are told apart by `upload=true`; other entries also cover their sub-paths.
 */
export function isNavItemActive(item: NavItem, location: { pathname: string; search: string }): boolean {
  const [path, query] = item.to.split('?');
  const pathname = location.pathname.replace(/\/+$/, '') || '/';
  const uploading = new URLSearchParams(location.search).get('upload') === 'true';
  if (path === '/dashboard') return pathname === '/dashboard';
  if (path === '/dashboard/documents' && pathname === path) return query === 'upload=true' ? uploading : !uploading;
  return pathname === path || pathname.startsWith(`${path}/`);
}
