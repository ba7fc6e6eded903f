import { ArrowLeftIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { documentUrl } from '@/features/documents/api/documents';
import { downloadPdf } from '../lib/download';
import { Editor } from '../components/editor';

/** `/dashboard/edit/:documentId`: a stored document in the editor; saving adds a version. */
export function DocumentEditorPage() {
  const { documentId = '' } = useParams();
  const [loaded, setLoaded] = useState<{ bytes: ArrayBuffer; filename: string } | 'failed' | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoaded(null);
    downloadPdf(documentUrl(documentId, 'download'), controller.signal).then(
      ({ bytes, filename }) => setLoaded({ bytes, filename: filename ?? 'document.pdf' }),
      () => !controller.signal.aborted && setLoaded('failed'),
    );
    return () => controller.abort();
  }, [documentId]);

  return (
    <div className="flex flex-col gap-3">
      <Button asChild variant="ghost" size="sm" className="self-start">
        <Link to="/dashboard/documents">
          <ArrowLeftIcon aria-hidden /> My Documents
        </Link>
      </Button>
      <div className="flex h-[calc(100svh-10rem)] min-h-[28rem] flex-col overflow-hidden rounded-lg border bg-card">
        {loaded === 'failed' ? (
          <Alert variant="destructive" className="m-4 w-auto">
            <AlertTitle>This document could not be opened</AlertTitle>
            <AlertDescription>It may have been deleted. Go back to My Documents and try again.</AlertDescription>
          </Alert>
        ) : loaded ? (
          <Editor source={{ kind: 'document', id: documentId, filename: loaded.filename }} bytes={loaded.bytes} title={loaded.filename} />
        ) : (
          <Spinner className="m-auto size-8" label="Opening the PDF" />
        )}
      </div>
    </div>
  );
}
