import { getTool, isFormTool, TOOL_CATEGORIES, TOOLS, toolOptionsJsonSchema, type Tool } from '@wattle/shared';
import { FolderOpenIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FileDropZone } from '@/components/file-drop-zone';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '@/components/ui/select';
import { InputList } from '@/features/jobs/components/input-list';
import { StoredDocumentsDialog } from '@/features/jobs/components/stored-documents-dialog';
import { addInputs, inputName, inputSize, inputType, requestFor, storedInput, uploadInput, type JobInput } from '@/features/jobs/lib/inputs';
import { ApiError, fieldErrorsOf, isApiError } from '@/lib/api-client';
import { createBatch, MAX_BATCH_INPUTS } from '../api/batches';
import { useToolsCatalogue } from '../api/tools-catalogue';
import { BatchProgress } from '../components/batch-progress';
import { InputThumbnail, previewPages } from '../components/input-thumbnail';
import { OptionsFields } from '../components/options-form';
import { RunError, RunProgress } from '../components/run-status';
import { useInputPreviews } from '../hooks/use-input-previews';
import { useOptionsForm } from '../hooks/use-options-form';
import { acceptAttribute, checkNewFiles, describeKinds, kindOfFile } from '../lib/file-checks';
import { optionFields } from '../lib/option-fields';

type Stage = { name: 'setup' } | { name: 'uploading'; fraction: number } | { name: 'running'; batchId: string } | { name: 'refused'; error: ApiError };

/** `/dashboard/batch`: one tool over many documents, each its own job, with a ZIP of all results. */
export function BatchPage() {
  const { data: catalogue } = useToolsCatalogue();
  // One input per job: the server says which tools qualify; until it answers, single-file tools do. Options come from a form.
  const tools = useMemo(
    () =>
      TOOLS.filter(isFormTool).filter((t) => (catalogue ? catalogue.tools.some((s) => s.id === t.id && s.batchable && s.available) : t.maxFiles === 1)),
    [catalogue],
  );
  const [toolId, setToolId] = useState<string>('compress');
  const tool = tools.find((t) => t.id === toolId) ?? tools[0];
  const [inputs, setInputs] = useState<JobInput[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [stage, setStage] = useState<Stage>({ name: 'setup' });
  const preview = useInputPreviews(inputs);

  const chooseTool = (id: string) => {
    const next = getTool(id)!;
    setToolId(id);
    const kept = inputs.filter((i) => kindOfFile({ name: inputName(i), size: inputSize(i), type: inputType(i) }, next.accepts));
    setFileErrors(kept.length < inputs.length ? [`${inputs.length - kept.length} file(s) were removed: ${next.name} takes ${describeKinds(next.accepts)} files.`] : []);
    setInputs(kept);
  };

  const addFiles = (files: File[]) => {
    if (!tool) return;
    const { accepted, errors } = checkNewFiles(files, inputs.map((i) => ({ size: inputSize(i) })), {
      accepts: tool.accepts,
      maxFiles: MAX_BATCH_INPUTS,
      maxFileBytes: catalogue?.limits.maxFileBytes,
      maxTotalBytes: catalogue?.limits.maxTotalBytes,
    });
    setFileErrors(errors);
    setInputs((current) => addInputs(current, accepted.map(uploadInput)));
  };

  const run = async (options: Record<string, unknown>) => {
    if (!tool) return;
    setStage({ name: 'uploading', fraction: 0 });
    try {
      const batch = await createBatch(requestFor(tool.id, options, inputs), { onUploadProgress: (fraction) => setStage({ name: 'uploading', fraction }) });
      setStage({ name: 'running', batchId: batch.id });
    } catch (error) {
      setStage({ name: 'refused', error: isApiError(error) ? error : new ApiError({ code: 'INTERNAL', status: 0, message: '' }) });
    }
  };

  const startNew = () => {
    setStage({ name: 'setup' });
    setInputs([]);
    setFileErrors([]);
  };

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Batch Process" description="Run one tool over many documents at once, then download every result in one ZIP." />

      {stage.name === 'running' ? (
        <BatchProgress batchId={stage.batchId} onStartNew={startNew} />
      ) : (
        tool && (
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
            <section aria-labelledby="batch-files" className="min-w-0 space-y-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
              <div className="grid gap-2">
                <Label htmlFor="batch-tool">Tool</Label>
                <Select value={tool.id} onValueChange={chooseTool} disabled={stage.name === 'uploading'}>
                  <SelectTrigger id="batch-tool" className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {TOOL_CATEGORIES.map((category) => {
                      const inCategory = tools.filter((t) => t.category === category.id);
                      return inCategory.length === 0 ? null : (
                        <SelectGroup key={category.id}>
                          <SelectLabel>{category.name}</SelectLabel>
                          {inCategory.map((t) => (
                            <SelectItem key={t.id} value={t.id}>
                              {t.name}
                            </SelectItem>
                          ))}
                        </SelectGroup>
                      );
                    })}
                  </SelectContent>
                </Select>
                <p className="text-sm text-muted-foreground">{tool.description}</p>
              </div>

              <h2 id="batch-files" className="pt-2 font-semibold">
                Documents <span className="font-normal text-muted-foreground">({inputs.length} of up to {MAX_BATCH_INPUTS})</span>
              </h2>
              {inputs.length > 0 && (
                <InputList
                  inputs={inputs}
                  onChange={setInputs}
                  ordered={false}
                  disabled={stage.name === 'uploading'}
                  preview={(input) => <InputThumbnail preview={preview(input)} />}
                  pages={(input) => previewPages(preview(input))}
                />
              )}
              {inputs.length < MAX_BATCH_INPUTS && stage.name !== 'uploading' && (
                <FileDropZone
                  size={inputs.length > 0 ? 'row' : 'hero'}
                  accept={acceptAttribute(tool.accepts)}
                  multiple
                  onFiles={addFiles}
                  title={inputs.length > 0 ? 'Add more files' : `Drop ${describeKinds(tool.accepts)} files here`}
                  hint="Each file becomes its own job."
                />
              )}
              {fileErrors.length > 0 && (
                <ul className="list-disc space-y-1 rounded-lg border border-destructive/40 bg-destructive/5 py-3 pr-3 pl-7 text-sm text-destructive" role="alert">
                  {fileErrors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              )}
              {tool.accepts.includes('pdf') && stage.name !== 'uploading' && (
                <Button type="button" variant="outline" onClick={() => setPickerOpen(true)} disabled={inputs.length >= MAX_BATCH_INPUTS}>
                  <FolderOpenIcon /> Add from My Documents
                </Button>
              )}
            </section>

            <BatchOptions
              key={tool.id}
              tool={tool}
              count={inputs.length}
              uploading={stage.name === 'uploading' ? stage.fraction : undefined}
              error={stage.name === 'refused' ? stage.error : undefined}
              onRun={run}
            />
          </div>
        )
      )}

      <StoredDocumentsDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        max={MAX_BATCH_INPUTS - inputs.length}
        chosenIds={inputs.flatMap((i) => (i.kind === 'stored' ? [i.document.id] : []))}
        onPick={(documents) => setInputs((current) => addInputs(current, documents.map(storedInput)))}
      />
    </div>
  );
}

interface BatchOptionsProps {
  tool: Tool;
  count: number;
  uploading?: number;
  error?: ApiError;
  onRun: (options: Record<string, unknown>) => void;
}

/** The chosen tool's options and the Run button; remounted when the tool changes. */
function BatchOptions({ tool, count, uploading, error, onRun }: BatchOptionsProps) {
  const fields = useMemo(() => optionFields(toolOptionsJsonSchema(tool.id)), [tool.id]);
  // Each document has its own pages: page numbers are checked by the server, per job.
  const form = useOptionsForm(tool, fields, undefined);
  const details = error ? Object.values(fieldErrorsOf(error)) : [];
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onRun)} noValidate className="space-y-4 lg:sticky lg:top-24">
        <div className="space-y-5 rounded-xl border bg-card p-5 shadow-sm">
          {fields.length > 0 ? (
            <fieldset disabled={uploading !== undefined} className="space-y-5">
              <legend className="mb-4 text-base font-semibold">Options</legend>
              <OptionsFields fields={fields} form={form} />
            </fieldset>
          ) : (
            <p className="text-sm text-muted-foreground">{tool.name} has no options.</p>
          )}
          {uploading !== undefined ? (
            <RunProgress uploadFraction={uploading} />
          ) : (
            <Button type="submit" variant="wattle" size="lg" className="w-full" disabled={count === 0}>
              {count > 0 ? `Run on ${count} document${count === 1 ? '' : 's'}` : 'Add documents to run'}
            </Button>
          )}
        </div>
        {error && <RunError error={error} details={details} offerUnlock={tool.id !== 'unlock'} />}
      </form>
    </Form>
  );
}
