import { CircleCheckIcon, FileIcon, FilePlus2Icon, FileTextIcon, FilesIcon, ImagesIcon, PencilLineIcon, PresentationIcon, RotateCcwIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatBytes, type Job } from '@wattle/shared';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/features/account/api/profile';
import { useSession } from '@/features/auth/session';
import { useSaveOutput } from '@/features/jobs/api/outputs';
import { DownloadButton } from '@/features/jobs/components/output-actions';
import { useJobRun } from '@/features/jobs/hooks/use-job-run';
import { useUnavailableTools } from '@/features/tools/api/tools-catalogue';
import { RunError, RunProgress } from '@/features/tools/components/run-status';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { ChoiceGroup } from '../components/choice-group';
import { BlankPanel, DocumentsPanel, ImagesPanel, OfficePanel, PageSizeField, TextPanel } from '../components/way-panels';
import { createRequest, editorPath, WAY_TOOLS, type CreateChoices, type CreateEnding, type CreateWay, type PageSize } from '../lib/create-request';

const WAYS = [
  { value: 'blank', label: 'Blank', description: 'Empty pages to write on', icon: <FilePlus2Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden /> },
  { value: 'images', label: 'From images', description: 'Photos and scans, one a page', icon: <ImagesIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden /> },
  { value: 'office', label: 'From Office files', description: 'Word, Excel, PowerPoint', icon: <PresentationIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden /> },
  { value: 'text', label: 'From text or Markdown', description: 'Headings, lists, tables, links', icon: <FileTextIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden /> },
  { value: 'documents', label: 'From my documents', description: 'Join several into one', icon: <FilesIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden /> },
] as const;

const START: Omit<CreateChoices, 'pageSize'> = {
  blank: { pages: 1, orientation: 'portrait' },
  images: { inputs: [], crop: false },
  office: { inputs: [] },
  text: { typed: '', markdown: true, inputs: [] },
  documents: { inputs: [] },
};

/** What each way still needs before it can start. */
const MISSING: Record<CreateWay, string> = {
  blank: 'Choose from 1 to 100 pages.',
  images: 'Add at least one image.',
  office: 'Choose an Office file.',
  text: 'Type some text or open a file.',
  documents: 'Choose at least two documents.',
};

/**
 * Create PDF (`/dashboard/create` in the dashboard, `/tools/create` for everyone): a blank document,
 * images, an Office file, text or stored documents become a new PDF through one job, which ends in the
 * editor or in My Documents (a download for visitors), as chosen before it starts.
 */
export function CreatePdfPage() {
  const { user } = useSession();
  const { data: profile } = useProfile();
  const inDashboard = useLocation().pathname.startsWith('/dashboard');
  const navigate = useNavigate();
  const [way, setWay] = useState<CreateWay>('blank');
  const [choices, setChoices] = useState(START);
  const [chosenSize, setChosenSize] = useState<PageSize | null>(null);
  const [ending, setEnding] = useState<CreateEnding>('editor');
  const run = useJobRun();
  const save = useSaveOutput();
  const unavailable = useUnavailableTools().has(WAY_TOOLS[way]);
  const handled = useRef<string | null>(null);
  const [savedId, setSavedId] = useState<string | null>(null);

  const pageSize = chosenSize ?? profile?.preferred_page_size ?? 'A4';
  const all: CreateChoices = { ...choices, pageSize };
  const request = createRequest(way, all);
  const { stage, job } = run;
  const busy = stage.name === 'uploading' || (stage.name === 'submitted' && job?.status !== 'succeeded' && job?.status !== 'failed');
  const succeeded = stage.name === 'submitted' && job?.status === 'succeeded' ? job : undefined;
  // While it runs and once it is made, the choices stay as they were: "Create another" starts afresh.
  const locked = busy || Boolean(succeeded);
  const ways = WAYS.filter((w) => w.value !== 'documents' || user);
  const finalEnding: CreateEnding = ending === 'editor' ? 'editor' : user ? 'save' : 'download';

  // The finished job goes where the user asked, once.
  useEffect(() => {
    const output = succeeded?.outputs[0];
    if (!succeeded || !output || handled.current === succeeded.id) return;
    handled.current = succeeded.id;
    if (finalEnding === 'download') return;
    if (!user) {
      void navigate(editorPath({ outputId: output.id }));
      return;
    }
    save.mutate(output.id, {
      onSuccess: ({ document }) => {
        setSavedId(document.id);
        if (finalEnding === 'editor') void navigate(editorPath({ documentId: document.id }));
      },
    });
  }, [succeeded, finalEnding, user, navigate, save]);

  const start = () => {
    if (!request) return;
    handled.current = null;
    setSavedId(null);
    save.reset();
    void run.start(request);
  };

  const again = () => {
    run.reset();
    save.reset();
    setSavedId(null);
    setChoices(START);
  };

  const update = <K extends keyof typeof START>(key: K) => (value: CreateChoices[K]) => setChoices((current) => ({ ...current, [key]: value }));
  const sizeField = <PageSizeField value={pageSize} onChange={setChosenSize} disabled={locked} />;
  const idle = stage.name === 'idle' || stage.name === 'refused' || (stage.name === 'submitted' && job?.status === 'failed');

  const body = (
    <div className="grid gap-8">
      <ChoiceGroup label="How do you want to start?" value={way} onChange={setWay} options={ways} disabled={locked} className={cn('grid grid-cols-1 sm:grid-cols-2', ways.length > 4 && 'lg:grid-cols-3')} />

      <section aria-label={WAYS.find((w) => w.value === way)!.label} className="rounded-xl border bg-card p-4 sm:p-6">
        {way === 'blank' && <BlankPanel value={choices.blank} onChange={update('blank')} pageSize={sizeField} disabled={locked} />}
        {way === 'images' && <ImagesPanel value={choices.images} onChange={update('images')} pageSize={sizeField} disabled={locked} />}
        {way === 'office' && <OfficePanel value={choices.office} onChange={update('office')} disabled={locked} />}
        {way === 'text' && <TextPanel value={choices.text} onChange={update('text')} pageSize={sizeField} disabled={locked} />}
        {way === 'documents' && <DocumentsPanel value={choices.documents} onChange={update('documents')} disabled={locked} />}
      </section>

      {succeeded ? (
        <Finished job={succeeded} ending={finalEnding} saving={save.isPending} savedId={savedId} signedIn={Boolean(user)} onAgain={again} />
      ) : (
        <div className="grid gap-5">
          <ChoiceGroup
            label="When it's ready"
            value={finalEnding}
            onChange={setEnding}
            disabled={busy}
            className="grid grid-cols-1 sm:grid-cols-2"
            options={[
              { value: 'editor', label: 'Open in the editor', description: 'Add text, images, signatures and more' },
              user
                ? { value: 'save', label: 'Save to My Documents', description: 'Keep it with your other documents' }
                : { value: 'download', label: 'Download', description: 'Save the PDF to this device' },
            ]}
          />
          {unavailable && (
            <Alert>
              <AlertTitle>This tool is not available right now.</AlertTitle>
              <AlertDescription>Please try again later, or choose another tool.</AlertDescription>
            </Alert>
          )}
          {stage.name === 'uploading' || (stage.name === 'submitted' && busy) ? (
            <RunProgress uploadFraction={stage.name === 'uploading' ? stage.fraction : undefined} job={job} />
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <Button type="button" size="lg" onClick={start} disabled={!request || !idle || unavailable}>
                <FilePlus2Icon /> Create PDF
              </Button>
              {!request && <p className="text-sm text-muted-foreground">{MISSING[way]}</p>}
            </div>
          )}
          {stage.name === 'refused' && <RunError error={stage.error} onRetry={start} offerUnlock={false} />}
          {stage.name === 'submitted' && job?.status === 'failed' && job.error && <RunError error={job.error} onRetry={start} offerUnlock />}
        </div>
      )}
    </div>
  );

  return inDashboard ? (
    <div>
      <PageHeader
        title="Create PDF"
        description="Start from blank pages, photos, Office files, text or documents you already have."
        actions={
          <Button asChild variant="outline">
            <Link to="/dashboard/settings">Default page size</Link>
          </Button>
        }
      />
      <div className="max-w-4xl">{body}</div>
    </div>
  ) : (
    <PublicCreatePage>{body}</PublicCreatePage>
  );
}

function PublicCreatePage({ children }: { children: React.ReactNode }) {
  useDocumentTitle('Create PDF');
  return (
    <div className="mx-auto max-w-4xl px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <header className="mb-8 text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
          <FilePlus2Icon className="size-7" aria-hidden />
        </span>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Create PDF</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-pretty text-muted-foreground">Start from blank pages, photos, Office files or your own text, then fill it in the editor.</p>
      </header>
      {children}
    </div>
  );
}

/** The new PDF: where it went, and the ways on from there. */
function Finished({ job, ending, saving, savedId, signedIn, onAgain }: { job: Job; ending: CreateEnding; saving: boolean; savedId: string | null; signedIn: boolean; onAgain: () => void }) {
  const output = job.outputs[0]!;
  if (ending === 'editor' && (saving || savedId || !signedIn)) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Opening the editor…
      </p>
    );
  }
  const openTarget = savedId ? editorPath({ documentId: savedId }) : editorPath({ outputId: output.id });
  return (
    <section aria-labelledby="created-title" className="space-y-4 rounded-xl border border-success/30 bg-success/5 p-5" role="status">
      <div className="flex items-start gap-3">
        <CircleCheckIcon className="mt-0.5 size-6 shrink-0 text-success" aria-hidden />
        <div className="min-w-0">
          <h2 id="created-title" className="font-semibold">
            {saving ? 'Saving to My Documents…' : savedId ? 'Saved to My Documents' : 'Your PDF is ready'}
          </h2>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted-foreground">
            <FileIcon className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{output.filename}</span>
            <span className="shrink-0">
              · {formatBytes(output.size)}
              {output.pages ? ` · ${output.pages} page${output.pages === 1 ? '' : 's'}` : ''}
            </span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {savedId ? (
          <Button asChild size="sm">
            <Link to="/dashboard/documents">Go to My Documents</Link>
          </Button>
        ) : (
          <DownloadButton output={output} />
        )}
        <Button asChild variant="outline" size="sm">
          <Link to={openTarget}>
            <PencilLineIcon /> Open in the editor
          </Link>
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onAgain}>
          <RotateCcwIcon /> Create another
        </Button>
      </div>
    </section>
  );
}
