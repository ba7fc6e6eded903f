import { formatBytes, getTool, toolOptionsJsonSchema, type Tool } from '@wattle/shared';
import { FolderOpenIcon, RotateCcwIcon, SlidersHorizontalIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from '@/app/not-found-page';
import { FileDropZone } from '@/components/file-drop-zone';
import { ToolGrid } from '@/components/tool-grid';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session';
import { InputList } from '@/features/jobs/components/input-list';
import { StoredDocumentsDialog } from '@/features/jobs/components/stored-documents-dialog';
import { useJobRun } from '@/features/jobs/hooks/use-job-run';
import { outputInput, requestFor, type JobInput } from '@/features/jobs/lib/inputs';
import { handedInputs } from '@/lib/tool-handoff';
import { fieldErrorsOf } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { useToolStatus } from '../api/tools-catalogue';
import { OptionsFields } from '../components/options-form';
import { InputThumbnail, previewPages } from '../components/input-thumbnail';
import { PageGrid } from '../components/page-grid';
import { PasswordPrompt } from '../components/password-prompt';
import { RedactionPanel } from '../components/redaction-panel';
import { RunError, RunProgress, RunResult } from '../components/run-status';
import { ToolHeader } from '../components/tool-header';
import { useAccountDefaults } from '../hooks/use-account-defaults';
import { useInputPreviews } from '../hooks/use-input-previews';
import { useOptionDefaults } from '../hooks/use-option-defaults';
import { useOptionsForm } from '../hooks/use-options-form';
import { useRedaction } from '../hooks/use-redaction';
import { useRefusalOnFields } from '../hooks/use-refusal-on-fields';
import type { PdfDocumentState } from '../hooks/use-pdf-document';
import { useToolInputs } from '../hooks/use-tool-inputs';
import { startingFormValues } from '../lib/account-defaults';
import { relatedTools } from '../lib/category-pages';
import { continuedOutputs } from '../lib/continue-with';
import { acceptAttribute, describeKinds } from '../lib/file-checks';
import { inputUnlock } from '../lib/input-unlock';
import { optionFields } from '../lib/option-fields';
import { PAGE_GRID } from '../lib/page-grid-modes';
import { PDF_PREFILL } from '../lib/pdf-prefill';
import { formatRetention } from '../lib/retention';

/** `/tools/:toolId`: one tool, usable by visitors and account holders alike. */
export function ToolPage() {
  const { toolId = '' } = useParams();
  const tool = getTool(toolId);
  if (!tool) return <NotFoundPage />;
  return <ToolWorkspace key={tool.id} tool={tool} />;
}

function ToolWorkspace({ tool }: { tool: Tool }) {
  useDocumentTitle(tool.name);
  const { user } = useSession();
  const { available, limits } = useToolStatus(tool.id);
  const run = useJobRun();
  const { stage, job } = run;
  const busy = stage.name === 'uploading' || (stage.name === 'submitted' && job?.status !== 'succeeded' && job?.status !== 'failed');
  const finished = stage.name === 'submitted' && job && (job.status === 'succeeded' || job.status === 'failed');
  const [pickerOpen, setPickerOpen] = useState(false);

  // The files: a new choice ends the last run and forgets what was read from the previous document.
  // Opened from "Continue with another tool": the last result is the first input, sent by its id.
  // Opened from the landing page's drop zone or My Documents: the files handed over (tool-handoff).
  const { state: carried } = useLocation();
  const files = useToolInputs(
    tool,
    limits,
    () => {
      if (!busy && stage.name !== 'idle') run.reset();
      forgetDocument();
    },
    () => [...handedInputs(carried), ...continuedOutputs(carried).map(outputInput)],
  );
  const { inputs } = files;

  // Every file is opened with pdf.js for its thumbnail and page count; a one-file tool's PDF is also
  // where pages are picked and options read from.
  const fields = useMemo(() => optionFields(toolOptionsJsonSchema(tool.id)), [tool.id]);
  const prefill = PDF_PREFILL[tool.id];
  const preview = useInputPreviews(inputs);
  const single = tool.maxFiles === 1 ? preview(inputs[0]) : undefined;
  const pdf = single?.kind === 'pdf' ? single.state : IDLE;
  const pageCount = pdf.status === 'ready' ? pdf.pageCount : undefined;
  const rotations = usePerFileRotation(tool, inputs);
  const redaction = useRedaction(tool, inputs[0]);

  // The options: generated from the registry, started from the account and the document, checked by the server.
  const form = useOptionsForm(tool, fields, pageCount);
  const accountDefaults = useAccountDefaults(tool.id, fields);
  const grid = PAGE_GRID[tool.id];
  useOptionDefaults(tool, form, pdf);
  useRefusalOnFields(tool, form, run);
  const gridValue = useWatch({ control: form.control, name: grid?.field ?? '__none' }) as string | undefined;
  const angle = useWatch({ control: form.control, name: 'angle' }) as number | undefined;
  function forgetDocument() {
    if (grid?.mode === 'order') form.setValue(grid.field, '');
    if (prefill) form.reset(startingFormValues(fields, accountDefaults));
    redaction?.reset();
  }

  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (finished) resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [finished]);

  const lastOptions = useRef<Record<string, unknown>>({});
  const submit = form.handleSubmit((options) => {
    files.clearErrors();
    // The redact page has its own panel (preview, areas); the generated fields serve its batches.
    lastOptions.current = redaction ? redaction.options() : { ...options, ...rotations?.option() };
    void run.start(requestFor(tool.id, lastOptions.current, inputs));
  });
  const { unlock, unlockAndRun } = inputUnlock(tool, inputs, files.replace, (unlocked) => void run.start(requestFor(tool.id, lastOptions.current, unlocked)));

  const startOver = () => {
    run.reset();
    files.clear();
    // Back to the defaults, including the account's (resetField made those the form's defaults).
    form.reset();
  };

  // A tool that makes a PDF from nothing (blank-pdf) goes straight to its options.
  const takesFiles = tool.maxFiles > 0;
  const multiple = tool.maxFiles > 1;
  const canAddMore = inputs.length < tool.maxFiles;
  const canPickStored = Boolean(user) && tool.accepts.includes('pdf');
  const kinds = describeKinds(tool.accepts);
  const sizeLimit = limits ? ` up to ${formatBytes(limits.maxFileBytes)}` : '';
  // A tool that takes an exact number (image-watermark: a PDF and an image) says so, not "2 to 2".
  const count = tool.minFiles === tool.maxFiles ? `${tool.maxFiles} files: ${kinds}` : `${kinds} files, ${tool.minFiles} to ${tool.maxFiles}`;
  const hint = multiple ? `${count}${sizeLimit && `,${sizeLimit} each`}` : `One ${kinds} file${sizeLimit}`;
  const retention = limits ? formatRetention(limits.retentionMinutes) : undefined;
  const missing = Math.max(0, tool.minFiles - inputs.length);
  const refusedDetails = stage.name === 'refused' ? Object.entries(fieldErrorsOf(stage.error)).filter(([key]) => !key.startsWith('options.')).map(([, m]) => m) : [];

  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <ToolHeader tool={tool} />

      {!available && (
        <Alert className="mt-6">
          <AlertTitle>This tool is not available right now.</AlertTitle>
          <AlertDescription>Please try again later, or choose another tool.</AlertDescription>
        </Alert>
      )}

      {takesFiles && inputs.length === 0 ? (
        <div className="mx-auto mt-8 max-w-3xl space-y-4">
          <FileDropZone
            accept={acceptAttribute(tool.accepts)}
            multiple={multiple}
            onFiles={files.addFiles}
            title={multiple ? `Drop your ${kinds} files here` : `Drop your ${kinds} file here`}
            hint={hint}
            disabled={!available}
          />
          <FileErrors errors={files.fileErrors} />
          <div className="flex flex-col items-center gap-3 text-center text-sm text-muted-foreground">
            {canPickStored && (
              <Button type="button" variant="outline" onClick={() => setPickerOpen(true)} disabled={!available}>
                <FolderOpenIcon /> Choose from My Documents
              </Button>
            )}
            {retention && <p>Files are processed on Australian-hosted servers and deleted automatically after {retention}.</p>}
          </div>
        </div>
      ) : (
        <Form {...form}>
          <form
            onSubmit={submit}
            noValidate
            // Page pickers get the width beside the options; other tools read best in one column.
            className={cn('mt-8 grid items-start gap-6', grid ? 'lg:grid-cols-[minmax(0,1fr)_380px]' : 'mx-auto max-w-2xl')}
          >
            <div className="min-w-0 space-y-4">
              {takesFiles && (
                <InputList
                  inputs={inputs}
                  onChange={files.change}
                  ordered={multiple}
                  disabled={busy}
                  preview={(input) => <InputThumbnail preview={preview(input)} rotation={rotations?.of(input)} />}
                  pages={(input) => previewPages(preview(input))}
                  rotation={rotations}
                />
              )}
              {multiple && canAddMore && !busy && (
                <FileDropZone size="row" accept={acceptAttribute(tool.accepts)} multiple onFiles={files.addFiles} title="Add more files" hint={hint} />
              )}
              <FileErrors errors={files.fileErrors} />
              {canPickStored && multiple && !busy && inputs.length < tool.maxFiles && (
                <Button type="button" variant="outline" size="sm" onClick={() => setPickerOpen(true)}>
                  <FolderOpenIcon /> Add from My Documents
                </Button>
              )}
              {grid && pdf.status === 'loading' && (
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner /> Reading the pages…
                </p>
              )}
              {pdf.status === 'error' &&
                (pdf.reason === 'password' && unlock ? (
                  <div className="space-y-3 rounded-xl border bg-card p-4">
                    <p className="text-sm">This PDF is protected by a password. Enter it to see the pages and continue.</p>
                    <PasswordPrompt onUnlock={unlock} action="Unlock" />
                  </div>
                ) : (
                  grid && <p className="text-sm text-muted-foreground">The pages of this PDF cannot be shown here. You can still type the page numbers in the options.</p>
                ))}
              {grid && pdf.status === 'ready' && (
                <PageGrid
                  doc={pdf.doc}
                  pageCount={pdf.pageCount}
                  mode={grid.mode}
                  value={gridValue ?? ''}
                  onChange={(value) => {
                    for (const [name, implied] of Object.entries(grid.implies ?? {})) form.setValue(name, implied, { shouldDirty: true });
                    form.setValue(grid.field, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
                  }}
                  angle={angle}
                />
              )}
            </div>

            <div ref={resultRef} className={cn('space-y-4', grid && 'lg:sticky lg:top-24')}>
              {stage.name === 'submitted' && job?.status === 'succeeded' ? (
                <RunResult
                  job={job}
                  signedIn={Boolean(user)}
                  actions={
                    <>
                      <Button type="button" variant="outline" size="sm" onClick={run.reset}>
                        <SlidersHorizontalIcon /> Change options
                      </Button>
                      <Button type="button" variant="ghost" size="sm" onClick={startOver}>
                        <RotateCcwIcon /> Start over
                      </Button>
                    </>
                  }
                />
              ) : (
                <div className="space-y-5 rounded-xl border bg-card p-5 shadow-sm">
                  {fields.length > 0 && !redaction && (
                    <fieldset disabled={busy} className="space-y-5">
                      <legend className="mb-4 text-base font-semibold">Options</legend>
                      <OptionsFields fields={fields} form={form} />
                    </fieldset>
                  )}
                  {redaction && (
                    <fieldset disabled={busy} className="space-y-5">
                      <legend className="mb-4 text-base font-semibold">What to remove</legend>
                      <RedactionPanel redaction={redaction} doc={pdf.status === 'ready' ? pdf.doc : undefined} pageCount={pageCount} />
                    </fieldset>
                  )}
                  {busy ? (
                    <RunProgress uploadFraction={stage.name === 'uploading' ? stage.fraction : undefined} job={job} />
                  ) : (
                    <Button type="submit" variant="wattle" size="lg" className="w-full" disabled={missing > 0 || !available || redaction?.blocked}>
                      {tool.name}
                    </Button>
                  )}
                  {!busy && (
                    <p className="text-center text-sm text-muted-foreground">
                      {missing > 0
                        ? `Add ${missing} more ${kinds} file${missing === 1 ? '' : 's'} to continue.`
                        : redaction?.blocked
                          ? 'Say what to remove and find the matches first: nothing is removed until you have checked them.'
                          : retention && `Your files are deleted automatically after ${retention}.`}
                    </p>
                  )}
                </div>
              )}
              {stage.name === 'refused' && <RunError error={stage.error} details={refusedDetails} onRetry={() => void submit()} onUnlock={unlockAndRun} offerUnlock={tool.id !== 'unlock'} />}
              {stage.name === 'submitted' && job?.status === 'failed' && job.error && (
                <RunError error={job.error} onRetry={() => void submit()} onUnlock={unlockAndRun} offerUnlock={tool.id !== 'unlock'} />
              )}
            </div>
          </form>
        </Form>
      )}

      <RelatedTools tool={tool} />

      <StoredDocumentsDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        max={tool.maxFiles === 1 ? 1 : tool.maxFiles - inputs.length}
        chosenIds={inputs.flatMap((i) => (i.kind === 'stored' ? [i.document.id] : []))}
        onPick={files.addDocuments}
      />
    </div>
  );
}

const IDLE: PdfDocumentState = { status: 'idle' };

/**
 * Per-file rotation for the tools whose options take one (merge's `rotations`): each click turns a
 * file 90° more; the option lists the angles in the order the files are sent.
 */
function usePerFileRotation(tool: Tool, inputs: readonly JobInput[]) {
  const [angles, setAngles] = useState<ReadonlyMap<string, number>>(new Map());
  const takesRotations = useMemo(() => 'rotations' in ((toolOptionsJsonSchema(tool.id) as { properties?: object }).properties ?? {}), [tool.id]);
  if (!takesRotations) return undefined;
  const of = (input: JobInput) => angles.get(input.key) ?? 0;
  return {
    of,
    turn: (input: JobInput) => setAngles((current) => new Map(current).set(input.key, ((current.get(input.key) ?? 0) + 90) % 360)),
    option: () => (inputs.some((i) => of(i) !== 0) ? { rotations: inputs.map(of) } : {}),
  };
}

function RelatedTools({ tool }: { tool: Tool }) {
  const { title, tools } = relatedTools(tool);
  if (tools.length === 0) return null;
  return (
    <section aria-labelledby="related-tools" className="mt-16 border-t pt-10">
      <h2 id="related-tools" className="mb-5 text-xl font-bold tracking-tight">
        More from {title}
      </h2>
      <ToolGrid tools={tools} />
    </section>
  );
}

function FileErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert variant="destructive">
      <AlertTitle>Some files were not added</AlertTitle>
      <AlertDescription>
        <ul className="list-disc space-y-1 pl-4">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
