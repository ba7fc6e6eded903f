import type { PDFDocumentProxy } from 'pdfjs-dist';
import { DownloadIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/features/account/api/profile';
import { downloadDocument, fetchDocumentBytes } from '../api/documents';
import type { DocumentItem } from '@wattle/shared';
import { openPdf, PdfPasswordError } from '../lib/pdf';
import { PdfViewer } from './pdf-viewer';

type State = { status: 'loading' } | { status: 'ready'; pdf: PDFDocumentProxy } | { status: 'password' } | { status: 'error' };

/** The file's real pages, shown the way the profile's PDF Viewer Mode setting asks. */
export function PreviewDialog({ document, onClose }: { document: DocumentItem | undefined; onClose: () => void }) {
  return (
    <Dialog open={Boolean(document)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex h-[calc(100dvh-2rem)] max-w-5xl flex-col gap-0 overflow-hidden p-0 sm:h-[90dvh] sm:max-w-5xl">
        <DialogHeader className="flex-row items-center gap-3 border-b px-4 py-3 pr-12 text-left sm:px-6">
          <div className="min-w-0 flex-1">
            <DialogTitle className="truncate" title={document?.filename}>
              {document?.filename}
            </DialogTitle>
            <DialogDescription className="sr-only">A preview of the PDF&apos;s pages</DialogDescription>
          </div>
          {document && (
            <Button variant="outline" size="sm" onClick={() => void downloadDocument(document)}>
              <DownloadIcon aria-hidden />
              Download
            </Button>
          )}
        </DialogHeader>
        {document && <PreviewBody id={document.id} />}
      </DialogContent>
    </Dialog>
  );
}

function PreviewBody({ id }: { id: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const { data: profile } = useProfile();

  useEffect(() => {
    const abort = new AbortController();
    let opened: PDFDocumentProxy | undefined;
    setState({ status: 'loading' });
    fetchDocumentBytes(id, abort.signal)
      .then(openPdf)
      .then((pdf) => {
        opened = pdf;
        if (abort.signal.aborted) return void pdf.destroy();
        setState({ status: 'ready', pdf });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (!(error instanceof PdfPasswordError)) console.error('Preview failed', error);
        setState({ status: error instanceof PdfPasswordError ? 'password' : 'error' });
      });
    return () => {
      abort.abort();
      void opened?.destroy();
    };
  }, [id]);

  if (state.status === 'ready') return <PdfViewer pdf={state.pdf} mode={profile?.pdf_viewer_mode ?? 'continuous'} />;
  return (
    <div className="grid flex-1 place-items-center bg-muted p-6 text-center text-sm text-muted-foreground">
      {state.status === 'loading' && <Spinner className="size-6" label="Loading preview" />}
      {state.status === 'password' && <p>This PDF is protected by a password, so it cannot be previewed here. Download it to open it.</p>}
      {state.status === 'error' && <p>The preview could not be loaded. Please try again.</p>}
    </div>
  );
}
