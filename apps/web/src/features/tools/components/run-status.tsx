import { CircleAlertIcon, CircleCheckIcon, FileArchiveIcon, FileIcon, LockOpenIcon, RotateCcwIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatBytes } from '@wattle/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteOutput } from '@/features/jobs/api/outputs';
import type { Job } from '@wattle/shared';
import { resultSummary } from '../lib/result-summary';
import { ContinueWithTool } from './continue-with-tool';
import { PasswordPrompt } from './password-prompt';
import { ResultPreview } from './result-preview';
import { ExpiryCountdown } from '@/features/jobs/components/expiry-countdown';
import { canSaveOutput, DownloadButton, fitsMyDocuments, SaveOutputButton, ShareOutputButton, TooLargeToSave } from '@/features/jobs/components/output-actions';
import { describeError } from '@/features/jobs/lib/job-errors';

/** Upload, then the job: one bar whose label says which part is under way. */
export function RunProgress({ uploadFraction, job }: { uploadFraction?: number; job?: Job }) {
  const uploading = uploadFraction !== undefined;
  const queued = !uploading && (!job || job.status === 'queued');
  const percent = uploading ? Math.round(uploadFraction * 100) : (job?.progress ?? 0);
  const label = uploading ? 'Uploading your files' : queued ? 'Waiting for a free worker' : 'Working on your files';
  return (
    <div className="space-y-3" role="status" aria-live="polite">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{label}…</span>
        {!queued && <span className="text-muted-foreground tabular-nums">{percent}%</span>}
      </div>
      <Progress value={queued ? null : percent} aria-label={label} />
      <p className="text-xs text-muted-foreground">{uploading ? 'Keep this page open until the upload finishes.' : 'This usually takes a few seconds.'}</p>
    </div>
  );
}

interface RunErrorProps {
  error: { code: string; message?: string };
  /** Extra messages (e.g. which file was refused). */
  details?: string[];
  onRetry?: () => void;
  /** Asks for the password here, unlocks the file and runs the tool again. */
  onUnlock?: (password: string) => Promise<void>;
  /** Without onUnlock, a link to the unlock tool (not on the unlock tool itself). */
  offerUnlock: boolean;
}

export function RunError({ error, details = [], onRetry, onUnlock, offerUnlock }: RunErrorProps) {
  const described = describeError(error);
  const askPassword = described.remedy === 'password' && onUnlock;
  return (
    <Alert variant="destructive" className="[&>svg]:size-5">
      <CircleAlertIcon />
      <AlertTitle className="line-clamp-none">{described.title}</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>{described.message}</p>
        {details.length > 0 && (
          <ul className="list-disc space-y-1 pl-4">
            {details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
        {askPassword && <PasswordPrompt onUnlock={onUnlock} action="Unlock and continue" />}
        <div className="flex flex-wrap gap-2">
          {described.remedy === 'password' && !askPassword && offerUnlock && (
            <Button asChild size="sm" variant="outline" className="text-foreground">
              <Link to="/tools/unlock">
                <LockOpenIcon /> Unlock the PDF first
              </Link>
            </Button>
          )}
          {onRetry && described.remedy !== 'choose-other-file' && !askPassword && (
            <Button type="button" size="sm" variant="outline" className="text-foreground" onClick={onRetry}>
              <RotateCcwIcon /> Try again
            </Button>
          )}
        </div>
      </AlertDescription>
    </Alert>
  );
}

interface RunResultProps {
  job: Job;
  signedIn: boolean;
  actions: ReactNode;
}

/**
 * The finished job: a preview of the result and what changed, each output with its download (all of
 * them as one ZIP too), Save and Share for account holders, the deletion countdown, "Continue with
 * another tool" and "Delete now".
 */
export function RunResult({ job, signedIn, actions }: RunResultProps) {
  const { outputs } = job;
  const [first] = outputs;
  const single = outputs.length === 1;
  const expiresAt = first?.expiresAt ?? job.expiresAt;
  const summary = resultSummary(job);
  const remove = useDeleteOutput();
  const deleted = remove.isSuccess;
  // Focus follows the result (and its deletion), so a screen reader hears it and the keyboard is there.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), [deleted]);

  return (
    <section aria-labelledby="result-title" className="space-y-4 rounded-xl border border-success/30 bg-success/5 p-5">
      <div className="flex items-start gap-3">
        {deleted ? <Trash2Icon className="mt-0.5 size-6 shrink-0 text-muted-foreground" aria-hidden /> : <CircleCheckIcon className="mt-0.5 size-6 shrink-0 text-success" aria-hidden />}
        <div className="min-w-0">
          <h2 id="result-title" ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
            {deleted ? (single ? 'Your file has been deleted' : 'Your files have been deleted') : single ? 'Your file is ready' : `Your ${outputs.length} files are ready`}
          </h2>
          {deleted ? <p className="mt-0.5 text-sm text-muted-foreground">Nothing of this result is left on our servers.</p> : <ExpiryCountdown expiresAt={expiresAt} className="mt-0.5" />}
        </div>
      </div>
      {!deleted && first && (
        <>
          <div className="flex items-center gap-4">
            <ResultPreview output={first} />
            <div className="min-w-0 space-y-1">
              {summary && <p className="font-semibold">{summary}</p>}
              {single && first.pages ? (
                <p className="text-sm text-muted-foreground">
                  {first.pages} page{first.pages === 1 ? '' : 's'}
                </p>
              ) : null}
            </div>
          </div>
          <ul className="max-h-96 divide-y overflow-y-auto rounded-lg border bg-card" aria-label="Your files" tabIndex={outputs.length > 4 ? 0 : undefined}>
            {outputs.map((output) => (
              <li key={output.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3">
                <FileIcon className="size-5 shrink-0 text-primary" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium" title={output.filename}>
                    {output.filename}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {formatBytes(output.size)}
                    {output.pages ? ` · ${output.pages} page${output.pages === 1 ? '' : 's'}` : ''}
                  </span>
                  {output.notes.map((note) => (
                    <span key={note.code} className="mt-1 block text-xs text-amber-700 dark:text-amber-400">
                      {note.message}
                    </span>
                  ))}
                  {signedIn && canSaveOutput(output) && !fitsMyDocuments(output) && <TooLargeToSave output={output} />}
                </span>
                <span className="grid w-full auto-cols-fr grid-flow-col gap-2 sm:flex sm:w-auto">
                  {signedIn && canSaveOutput(output) && fitsMyDocuments(output) && (
                    <>
                      <SaveOutputButton output={output} />
                      <ShareOutputButton output={output} />
                    </>
                  )}
                  <DownloadButton output={output} />
                </span>
              </li>
            ))}
          </ul>
          {outputs.length > 1 && (
            <Button asChild variant="default" size="sm">
              <a href={`/api/v1/jobs/${encodeURIComponent(job.id)}/zip`} download>
                <FileArchiveIcon /> Download all as ZIP
              </a>
            </Button>
          )}
          {!signedIn && (
            <p className="text-sm text-muted-foreground">
              <Link to="/auth/signup" className="font-medium text-primary underline-offset-4 hover:underline">
                Create a free account
              </Link>{' '}
              to save results to My Documents and keep them for longer.
            </p>
          )}
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {!deleted && (
          <>
            <ContinueWithTool toolId={job.tool} outputs={outputs} />
            <Button type="button" variant="outline" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(outputs.map((o) => o.id))}>
              {remove.isPending ? <Spinner /> : <Trash2Icon />} Delete now
            </Button>
          </>
        )}
        {actions}
      </div>
    </section>
  );
}
