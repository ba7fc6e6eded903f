import {
  ActivityIcon,
  ArrowRightIcon,
  FileArchiveIcon,
  FilesIcon,
  FileTextIcon,
  FileTypeIcon,
  HardDriveIcon,
  LockIcon,
  SettingsIcon,
  type LucideIcon,
} from 'lucide-react';
import type { DocumentItem } from '@wattle/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { PreviewDialog } from '@/features/documents/components/preview-dialog';
import { UploadArea } from '@/features/documents/components/upload-area';
import { megabytes, useDashboardSummary } from '../api/summary';
import { RecentDocuments, RecentResults } from '../components/recent-work';

const QUICK_ACTIONS: Array<{ label: string; description: string; to: string; icon: LucideIcon }> = [
  { label: 'View All Documents', description: 'Search, preview and download your PDFs', to: '/dashboard/documents', icon: FileTextIcon },
  { label: 'Account Settings', description: 'Viewer mode, quality and page size', to: '/dashboard/settings', icon: SettingsIcon },
  { label: 'Merge PDF', description: 'Combine several PDFs into one', to: '/tools/merge', icon: FilesIcon },
  { label: 'Compress PDF', description: 'Make a PDF small enough to email', to: '/tools/compress', icon: FileArchiveIcon },
  { label: 'PDF to Word', description: 'Turn a PDF into an editable document', to: '/tools/pdf-to-word', icon: FileTypeIcon },
  { label: 'Protect PDF', description: 'Lock a PDF with a password', to: '/tools/protect', icon: LockIcon },
];

export function DashboardHomePage() {
  const { data: summary, isPending, isError } = useDashboardSummary();
  const usedPercent = summary ? Math.min(100, (summary.storage_used / summary.storage_limit) * 100) : 0;
  const activity = summary?.recent_activity;
  const [opened, setOpened] = useState<DocumentItem>();
  const value = (content: ReactNode) => (isPending ? <Skeleton className="h-9 w-24" /> : isError ? '–' : content);

  return (
    <>
      <PageHeader title="Dashboard" description="Your documents and activity at a glance." />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard title="PDFs Processed" icon={FilesIcon} description="Files run through our PDF tools">
          {value(<span data-testid="pdfs-processed">{summary?.pdfs_processed.toLocaleString('en-AU')}</span>)}
        </StatCard>
        <StatCard
          title="Storage Used"
          icon={HardDriveIcon}
          description={summary ? `of ${megabytes(summary.storage_limit)} (${usedPercent.toFixed(0)}%)` : 'of your storage'}
          footer={<Progress value={usedPercent} aria-label="Storage used" className="mt-3 h-1.5" />}
        >
          {value(<span data-testid="storage-used">{summary && megabytes(summary.storage_used)}</span>)}
        </StatCard>
        <StatCard
          title="Recent Activity"
          icon={ActivityIcon}
          description={
            activity
              ? `Last 24 hours: ${activity.uploads} ${activity.uploads === 1 ? 'upload' : 'uploads'}, ${activity.jobs} ${activity.jobs === 1 ? 'tool run' : 'tool runs'}`
              : 'Last 24 hours'
          }
          className="sm:col-span-2 lg:col-span-1"
        >
          {value(<span data-testid="recent-activity">{activity?.total.toLocaleString('en-AU')}</span>)}
        </StatCard>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <RecentDocuments onOpen={setOpened} />
        <RecentResults />
      </div>
      <PreviewDialog document={opened} onClose={() => setOpened(undefined)} />

      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <Card className="min-w-0 lg:col-span-3">
          <CardHeader>
            <CardTitle>Quick Upload</CardTitle>
            <CardDescription>Add PDFs to My Documents. They are stored on Australian servers.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-1 flex-col">
            <UploadArea compact className="flex flex-1 flex-col justify-center" />
          </CardContent>
        </Card>
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
            <CardDescription>Jump straight to what you need.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-1">
              {QUICK_ACTIONS.map((action) => (
                <li key={action.to}>
                  <Link
                    to={action.to}
                    className="group flex items-center gap-3 rounded-lg p-2 transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-secondary text-primary">
                      <action.icon className="size-4" aria-hidden="true" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium">{action.label}</span>
                      <span className="block truncate text-xs text-muted-foreground">{action.description}</span>
                    </span>
                    <ArrowRightIcon className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function StatCard({
  title,
  icon: Icon,
  description,
  footer,
  className,
  children,
}: {
  title: string;
  icon: LucideIcon;
  description: string;
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardContent>
        <div className="flex items-start justify-between gap-3">
          <p className="text-sm font-medium text-muted-foreground">{title}</p>
          <span className="flex size-9 items-center justify-center rounded-lg bg-secondary text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
        </div>
        <div className="mt-1 text-3xl font-bold tracking-tight tabular-nums">{children}</div>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        {footer}
      </CardContent>
    </Card>
  );
}
