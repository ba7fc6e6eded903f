import { useEffect, useRef, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FileQuestionIcon, FileXIcon } from 'lucide-react';
import { LogoMark } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { startVisit, useViewerInfo, viewerInfoKey } from '../api/viewer';
import { GateForm } from '../components/gate-form';
import { PageReader } from '../components/page-reader';

/**
 * `/s/:token`: a shared document for someone with no account. The company's branding, the gates the
 * link asks for, then the pages as images. Never indexed; the token never leaves as a Referer.
 */
export function ShareViewerPage() {
  const { token = '' } = useParams();
  const info = useViewerInfo(token);
  const queryClient = useQueryClient();
  const reopen = () => queryClient.invalidateQueries({ queryKey: viewerInfoKey(token) });
  const data = info.data;
  useDocumentTitle(data?.name ?? 'Shared document');

  // A link without gates opens at once: the visit (one counted view) starts on arrival.
  const starting = useRef(false);
  const open = data && !data.pages && !data.gates.password && !data.gates.email;
  useEffect(() => {
    if (!open || starting.current) return;
    starting.current = true;
    startVisit(token, {})
      .then(reopen, reopen)
      .finally(() => (starting.current = false));
  }, [open, token]);

  return (
    <div className="flex h-dvh flex-col bg-background text-foreground">
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <header className="flex items-center gap-3 border-b px-3 py-2 sm:px-4">
        <LogoMark className="size-7" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-xs text-muted-foreground">{data?.company.tradingName ?? '\u00a0'}</p>
          <h1 className="truncate text-base font-semibold" title={data?.name}>
            {data?.name ?? 'Shared document'}
          </h1>
        </div>
        <ThemeToggle />
      </header>
      <main id="main" className="flex min-h-0 flex-1 flex-col">
        {info.isPending ? (
          <Centred>
            <Spinner className="size-8 text-primary" label="Opening the document" />
          </Centred>
        ) : info.isError ? (
          <Unavailable gone={isApiError(info.error) && info.error.code === 'LINK_GONE'} missing={isApiError(info.error) && info.error.code === 'NOT_FOUND'} />
        ) : data!.pages ? (
          <PageReader token={token} name={data!.name} pages={data!.pages} allowDownload={data!.allowDownload} />
        ) : data!.gates.password || data!.gates.email ? (
          <div className="overflow-y-auto px-4">
            <GateForm token={token} gates={data!.gates} onOpened={reopen} />
          </div>
        ) : (
          <Centred>
            <Spinner className="size-8 text-primary" label="Opening the document" />
          </Centred>
        )}
      </main>
    </div>
  );
}

function Centred({ children }: { children: ReactNode }) {
  return <div className="flex flex-1 items-center justify-center p-8">{children}</div>;
}

/** Expired or turned off (410), an address nobody holds (404), or the server could not be reached. */
function Unavailable({ gone, missing }: { gone: boolean; missing: boolean }) {
  const Icon = gone ? FileXIcon : FileQuestionIcon;
  const [title, text] = gone
    ? ['This link no longer works', 'This link has expired or been turned off. Ask the person who sent it for a new one.']
    : missing
      ? ['Document not found', 'There is no document at this address. Check that you have the whole link, or ask the person who sent it.']
      : ['The document could not be opened', 'Something went wrong. Please reload the page to try again.'];
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-secondary text-primary">
        <Icon className="size-8" aria-hidden="true" />
      </div>
      <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
      <p className="mt-3 text-muted-foreground">{text}</p>
    </section>
  );
}
