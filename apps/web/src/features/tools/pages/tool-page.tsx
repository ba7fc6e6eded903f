import { formatBytes, getTool, toolOptionsJsonSchema, type Tool } from '@wattle/shared';
import { FolderOpenIcon, RotateCcwIcon, SlidersHorizontalIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { NotFoundPage } from '@/app/not-found-page';
import { FileDropZone } from '@/components/file-drop-zone';
import { ToolGrid } from '@/components/tool-grid';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session';
import { fetchDocumentBytes } from '@/features/documents/api/documents';
import { unlockInput } from '@/features/jobs/api/unlock';
import { InputList } from '@/features/jobs/components/input-list';
import { StoredDocumentsDialog } from '@/features/jobs/components/stored-documents-dialog';
import { useJobRun } from '@/features/jobs/hooks/use-job-run';
import { addInputs, requestFor, storedInput, uploadInput, type JobInput } from '@/features/jobs/lib/inputs';
import { describeError } from '@/features/jobs/lib/job-errors';
import { fieldErrorsOf } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { useProfileDefaults } from '../api/profile-defaults';
import { useToolStatus } from '../api/tools-catalogue';
import { OptionsFields } from '../components/options-form';
import { PageGrid } from '../components/page-grid';
import { PasswordPrompt } from '../components/password-prompt';
import { RunError, RunProgress, RunResult } from '../components/run-status';
import { ToolHeader } from '../components/tool-header';
import { usePdfDocument, type PdfSource } from '../hooks/use-pdf-document';
import { relatedTools } from '../lib/category-pages';
import { acceptAttribute, checkNewFiles, describeKinds } from '../lib/file-checks';
import { defaultFormValues, leafFields, optionFields, type FormValues } from '../lib/option-fields';
import { optionsResolver } from '../lib/options-resolver';
import type { ValidationContext } from '../lib/validate-options';
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
  const [inputs, setInputs] = useState<JobInput[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const run = useJobRun();
  const resultRef = useRef<HTMLDivElement>(null);

  const fields = useMemo(() => optionFields(toolOptionsJsonSchema(tool.id)), [tool.id]);
  const grid = PAGE_GRID[tool.id];
  const hasPageFields = leafFields(fields).some((f) => f.kind === 'pages');

  // The first PDF is opened with pdf.js when pages can be picked or named: thumbnails and page checks.
  const first = inputs[0];
  const prefill = PDF_PREFILL[tool.id];
  const pdfSource = useMemo<PdfSource | null>(() => {
    if (!(hasPageFields || prefill) || !first || tool.maxFiles !== 1) return null;
    if (first.kind === 'upload') {
      const file = first.file;
      return () => file.arrayBuffer();
    }
    const id = first.document.id;
    return () => fetchDocumentBytes(id);
  }, [first, hasPageFields, prefill, tool.maxFiles]);
  const pdf = usePdfDocument(pdfSource);
  const pageCount = pdf.status === 'ready' ? pdf.pageCount : undefined;

  const validation = useRef<ValidationContext>({ pageCount });
  const form = useForm<FormValues>({
    defaultValues: defaultFormValues(fields),
    resolver: optionsResolver(tool.options, fields, () => validation.current),
  });
  validation.current = { pageCount, isEdited: (name) => form.getFieldState(name).isDirty };

  // Account defaults (image-to-pdf's page size) fill in until the person picks something else.
  const profileDefaults = useProfileDefaults(leafFields(fields).map((f) => f.name));
  useEffect(() => {
    for (const [name, value] of Object.entries(profileDefaults)) {
      if (!form.getFieldState(name).isDirty) form.resetField(name, { defaultValue: value });
    }
  }, [profileDefaults, form]);

  // Options that start from the document itself (its current metadata), unless already edited.
  useEffect(() => {
    if (!prefill || pdf.status !== 'ready') return;
    let cancelled = false;
    void pdf.doc.getMetadata().then(({ info }) => {
      if (cancelled) return;
      for (const [name, value] of Object.entries(prefill(info as Record<string, unknown>))) {
        if (!form.getFieldState(name).isDirty) form.resetField(name, { defaultValue: value });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [prefill, pdf, form]);

  // A new document starts organise on all of its pages in order.
  useEffect(() => {
    if (grid?.mode === 'order' && pageCount && !form.getValues(grid.field)) form.setValue(grid.field, `1-${pageCount}`, { shouldValidate: false });
  }, [grid, pageCount, form]);

  const gridValue = useWatch({ control: form.control, name: grid?.field ?? '__none' }) as string | undefined;
  const angle = useWatch({ control: form.control, name: 'angle' }) as number | undefined;

  const { stage, job } = run;
  const busy = stage.name === 'uploading' || (stage.name === 'submitted' && job?.status !== 'succeeded' && job?.status !== 'failed');
  const finished = stage.name === 'submitted' && job && (job.status === 'succeeded' || job.status === 'failed');

  useEffect(() => {
    if (finished) resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [finished]);

  // Options the API refused come back under "options.<field>": show them on the fields.
  useEffect(() => {
    if (stage.name !== 'refused') return;
    for (const [key, message] of Object.entries(fieldErrorsOf(stage.error))) {
      if (key.startsWith('options.')) form.setError(key.slice('options.'.length), { message });
    }
  }, [stage, form]);

  const changeInputs = (next: JobInput[]) => {
    setInputs(next);
    if (!busy && stage.name !== 'idle') run.reset();
    if (grid?.mode === 'order') form.setValue(grid.field, '');
    // Values read from the previous document do not belong to the next one.
    if (prefill) form.reset(defaultFormValues(fields));
  };

  const addFiles = (files: File[]) => {
    const keep = tool.maxFiles === 1 ? [] : inputs;
    const { accepted, errors } = checkNewFiles(files, keep.map((i) => ({ size: i.kind === 'upload' ? i.file.size : i.document.file_size })), {
      accepts: tool.accepts,
      maxFiles: tool.maxFiles,
      maxFileBytes: limits?.maxFileBytes,
      maxTotalBytes: limits?.maxTotalBytes,
    });
    setFileErrors(errors);
    if (accepted.length > 0) changeInputs(addInputs(keep, accepted.map(uploadInput)));
  };

  const lastOptions = useRef<Record<string, unknown>>({});
  const submit = form.handleSubmit((options) => {
    setFileErrors([]);
    lastOptions.current = options;
    void run.start(requestFor(tool.id, options, inputs));
  });

  // An encrypted single input: take the password, swap in an unlocked copy (and run the tool on it).
  const canUnlock = tool.id !== 'unlock' && inputs.length === 1;
  const unlockFirst = canUnlock
    ? async (password: string) => {
        const unlocked = [uploadInput(await unlockInput(inputs[0]!, password))];
        setInputs(unlocked);
        return unlocked;
      }
    : undefined;
  const unlockAndRun = unlockFirst
    ? async (password: string) => {
        void run.start(requestFor(tool.id, lastOptions.current, await unlockFirst(password)));
      }
    : undefined;

  // On the unlock tool itself, a missing or wrong password belongs under its field.
  const failedCode = stage.name === 'submitted' && job?.status === 'failed' ? job.error?.code : undefined;
  useEffect(() => {
    if (tool.id === 'unlock' && (failedCode === 'PDF_ENCRYPTED' || failedCode === 'WRONG_PASSWORD')) {
      form.setError('password', { message: describeError({ code: failedCode }).message }, { shouldFocus: true });
    }
  }, [failedCode, tool.id, form]);

  const startOver = () => {
    run.reset();
    setInputs([]);
    setFileErrors([]);
    // Back to the defaults, including the account's (resetField made those the form's defaults).
    form.reset();
  };

  const multiple = tool.maxFiles > 1;
  const canAddMore = inputs.length < tool.maxFiles;
  const canPickStored = Boolean(user) && tool.accepts.includes('pdf');
  const kinds = describeKinds(tool.accepts);
  const sizeLimit = limits ? ` up to ${formatBytes(limits.maxFileBytes)}` : '';
  const hint = multiple ? `${kinds} files, ${tool.minFiles} to ${tool.maxFiles}${sizeLimit && `,${sizeLimit} each`}` : `One ${kinds} file${sizeLimit}`;
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

      {inputs.length === 0 ? (
        <div className="mx-auto mt-8 max-w-3xl space-y-4">
          <FileDropZone
            accept={acceptAttribute(tool.accepts)}
            multiple={multiple}
            onFiles={addFiles}
            title={multiple ? `Drop your ${kinds} files here` : `Drop your ${kinds} file here`}
            hint={hint}
            disabled={!available}
          />
          <FileErrors errors={fileErrors} />
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
              <InputList inputs={inputs} onChange={changeInputs} ordered={multiple} disabled={busy} />
              {multiple && canAddMore && !busy && (
                <FileDropZone size="row" accept={acceptAttribute(tool.accepts)} multiple onFiles={addFiles} title="Add more files" hint={hint} />
              )}
              <FileErrors errors={fileErrors} />
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
                (pdf.reason === 'password' && unlockFirst ? (
                  <div className="space-y-3 rounded-xl border bg-card p-4">
                    <p className="text-sm">This PDF is protected by a password. Enter it to see the pages and continue.</p>
                    <PasswordPrompt onUnlock={unlockFirst} action="Unlock" />
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
                  onChange={(value) => form.setValue(grid.field, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
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
                  {fields.length > 0 && (
                    <fieldset disabled={busy} className="space-y-5">
                      <legend className="mb-4 text-base font-semibold">Options</legend>
                      <OptionsFields fields={fields} form={form} />
                    </fieldset>
                  )}
                  {busy ? (
                    <RunProgress uploadFraction={stage.name === 'uploading' ? stage.fraction : undefined} job={job} />
                  ) : (
                    <Button type="submit" variant="wattle" size="lg" className="w-full" disabled={missing > 0 || !available}>
                      {tool.name}
                    </Button>
                  )}
                  {!busy && (
                    <p className="text-center text-sm text-muted-foreground">
                      {missing > 0
                        ? `Add ${missing} more ${kinds} file${missing === 1 ? '' : 's'} to continue.`
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
        onPick={(documents) => changeInputs(addInputs(tool.maxFiles === 1 ? [] : inputs, documents.map(storedInput)))}
      />
    </div>
  );
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
