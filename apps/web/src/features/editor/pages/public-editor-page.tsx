import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getTool, getToolFamily, isFormTool } from '@wattle/shared';
import { ToolGrid } from '@/components/tool-grid';
import { FileDropZone } from '@/components/file-drop-zone';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { Editor } from '../components/editor';
import { downloadPdf } from '../lib/download';

type Opened = { file: File; bytes: ArrayBuffer };

/** The Edit PDF family's other tools (watermark, page numbers…), which this page listed before the editor. */
const OTHER_EDIT_TOOLS = getToolFamily('edit')
  .sections.flatMap((section) => section.tools.map((id) => getTool(id)))
  .filter(isFormTool);

/** A tool's output (e.g. a new PDF from Create PDF) opened straight in the editor. */
async function openOutput(outputId: string, signal: AbortSignal): Promise<Opened> {
  const { bytes, filename } = await downloadPdf(`/api/v1/outputs/${encodeURIComponent(outputId)}/download`, signal);
  return { file: new File([bytes], filename ?? 'document.pdf', { type: 'application/pdf' }), bytes };
}

/** `/tools/edit`: a dropped PDF (or `?output=` a tool's result) edited in the browser, then downloaded. */
export function PublicEditorPage() {
  const [params] = useSearchParams();
  const outputId = params.get('output');
  const [opened, setOpened] = useState<Opened | 'failed' | null>(null);

  useEffect(() => {
    if (!outputId) return;
    const controller = new AbortController();
    openOutput(outputId, controller.signal).then(setOpened, () => !controller.signal.aborted && setOpened('failed'));
    return () => controller.abort();
  }, [outputId]);

  if (opened && opened !== 'failed') {
    return (
      <div className="mx-auto flex h-[calc(100svh-4rem)] min-h-[28rem] w-full max-w-7xl flex-col overflow-hidden border-x bg-card">
        <Editor source={{ kind: 'file', file: opened.file }} bytes={opened.bytes} title={opened.file.name} />
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="mb-2 text-3xl font-bold tracking-tight">Edit PDF</h1>
      <p className="mb-6 text-muted-foreground">Add text, images, shapes, highlights, comments and signatures, fill forms, and arrange the pages, right in your browser.</p>
      {opened === 'failed' && (
        <Alert variant="destructive" className="mb-4">
          <AlertTitle>This PDF is no longer there</AlertTitle>
          <AlertDescription>Results are kept for a limited time. Choose the file again below.</AlertDescription>
        </Alert>
      )}
      {outputId && opened === null ? (
        <Spinner className="mx-auto size-8" label="Opening the PDF" />
      ) : (
        <FileDropZone
          accept="application/pdf,.pdf"
          multiple={false}
          title="Drop a PDF here to edit it"
          buttonLabel="Select PDF"
          onFiles={([file]) => file && void file.arrayBuffer().then((bytes) => setOpened({ file, bytes }))}
        />
      )}
      <h2 className="mt-12 mb-4 text-xl font-semibold">More ways to edit</h2>
      <ToolGrid tools={OTHER_EDIT_TOOLS} />
    </div>
  );
}
