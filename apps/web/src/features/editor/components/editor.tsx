import { HistoryIcon, SaveIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { JobOutput } from '@wattle/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/features/account/api/profile';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { fetchDocumentBytes } from '@/features/documents/api/documents';
import { DownloadButton } from '@/features/jobs/components/output-actions';
import { useRestoreVersion, versionDownloadUrl, type DocumentVersion } from '../api/versions';
import { useEditorSave, type EditorSource } from '../hooks/use-editor-save';
import { usePdf } from '../hooks/use-pdf';
import type { EditorState } from '../model/types';
import { VersionsSheet } from './versions-sheet';
import { Workspace } from './workspace';

interface EditorProps {
  source: EditorSource;
  bytes: ArrayBuffer;
  title: string;
}

/** "14:05" on the user's wall clock. */
const clock = (date: Date, timeZone: string) => new Intl.DateTimeFormat('en-AU', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(date);

/**
 * Opens a PDF in the editor and saves it: a stored document gets a new version (auto-saved too, per
 * the profile), a file from the browser gets a download. After a save the result is the new base.
 */
export function Editor({ source: initialSource, bytes: initialBytes, title }: EditorProps) {
  const [source, setSource] = useState(initialSource);
  const [bytes, setBytes] = useState(initialBytes);
  const [generation, setGeneration] = useState(0);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [output, setOutput] = useState<JobOutput | null>(null);
  const [viewing, setViewing] = useState<{ version: number; bytes: ArrayBuffer } | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [flatten, setFlatten] = useState(false);
  const { data: profile } = useProfile();
  const { timeZone } = usePreferences();
  const documentId = source.kind === 'document' ? source.id : null;
  const restore = useRestoreVersion(documentId ?? '');

  const opening = usePdf(viewing?.bytes ?? bytes);
  const rebase = (next: ArrayBuffer) => {
    setViewing(null);
    setBytes(next);
    setGeneration((g) => g + 1);
  };
  const saver = useEditorSave(source, (next, result) => {
    setSavedAt(new Date());
    if (source.kind === 'file') {
      setSource({ kind: 'file', file: new File([next], source.file.name, { type: 'application/pdf' }) });
      setOutput(result);
    }
    rebase(next);
  });
  const saving = saver.status.name === 'saving';

  if (opening.name === 'failed') {
    return (
      <Alert variant="destructive" className="m-4 w-auto">
        <AlertTitle>The PDF could not be opened</AlertTitle>
        <AlertDescription>{opening.message}</AlertDescription>
      </Alert>
    );
  }
  if (opening.name === 'opening') return <Spinner className="m-auto size-8" label="Opening the PDF" />;

  const pageCount = opening.pdf.doc.numPages;
  const save = (state: EditorState) => saver.save(state, flatten, pageCount);

  return (
    <>
      <Workspace
        key={`${generation}-${viewing?.version ?? 'current'}`}
        pdf={opening.pdf}
        readOnly={saving || viewing !== null}
        banner={
          <>
            {viewing && (
              <div role="status" className="flex flex-wrap items-center gap-2 border-b bg-wattle/15 px-4 py-2 text-sm">
                <span>Version {viewing.version}, read-only.</span>
                <Button type="button" size="sm" variant="outline" onClick={() => setViewing(null)}>
                  Back to the current version
                </Button>
                <Button type="button" size="sm" disabled={restore.isPending} onClick={() => restoreVersion(viewing.version)}>
                  Restore this version
                </Button>
              </div>
            )}
            {saver.status.name === 'failed' && (
              <Alert variant="destructive" className="rounded-none border-x-0 border-t-0">
                <AlertTitle>{saver.status.problem.title}</AlertTitle>
                <AlertDescription>
                  <p>{saver.status.problem.message}</p>
                  {saver.status.problem.fields.length > 0 && (
                    <ul className="list-disc pl-5">
                      {saver.status.problem.fields.map((field) => (
                        <li key={field}>{field}</li>
                      ))}
                    </ul>
                  )}
                  <Button type="button" size="sm" variant="outline" className="mt-2" onClick={saver.dismiss}>
                    Dismiss
                  </Button>
                </AlertDescription>
              </Alert>
            )}
          </>
        }
        header={({ state, dirty }) => (
          <header className="flex flex-wrap items-center gap-2 border-b px-3 py-2">
            <h1 className="w-full min-w-0 truncate text-base font-semibold sm:w-auto sm:flex-1" title={title}>
              {title}
            </h1>
            {documentId && <AutoSave minutes={profile?.auto_save_frequency ?? 0} dirty={dirty && !saving && !viewing} onSave={() => save(state)} />}
            <span role="status" className="mr-auto text-xs text-muted-foreground sm:mr-0">
              {saving ? 'Saving…' : dirty ? 'Unsaved changes' : savedAt ? `Saved at ${clock(savedAt, timeZone)}` : ''}
            </span>
            {saver.status.name === 'saving' && <Progress value={saver.status.percent} className="w-24" aria-label="Saving" />}
            {Object.keys(state.form).length > 0 && (
              <label className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" checked={flatten} onChange={(event) => setFlatten(event.target.checked)} className="size-4" />
                Flatten on save
              </label>
            )}
            {documentId && (
              <Button type="button" size="sm" variant="outline" onClick={() => setVersionsOpen(true)}>
                <HistoryIcon aria-hidden /> Versions
              </Button>
            )}
            {output && !dirty && <DownloadButton output={output} variant="outline" />}
            <Button type="button" size="sm" disabled={!dirty || saving || viewing !== null} onClick={() => save(state)}>
              {saving ? <Spinner /> : <SaveIcon aria-hidden />} Save
            </Button>
          </header>
        )}
      />
      {documentId && (
        <VersionsSheet
          documentId={documentId}
          open={versionsOpen}
          onOpenChange={setVersionsOpen}
          restoring={restore.isPending}
          onOpenVersion={(version) => void openVersion(version)}
          onRestore={(version) => restoreVersion(version.version)}
        />
      )}
    </>
  );

  async function openVersion(version: DocumentVersion) {
    setVersionsOpen(false);
    if (version.current) return setViewing(null);
    const response = await fetch(versionDownloadUrl(documentId!, version.version), { credentials: 'same-origin' });
    if (response.ok) setViewing({ version: version.version, bytes: await response.arrayBuffer() });
  }

  function restoreVersion(version: number) {
    restore.mutate(version, {
      onSuccess: async () => {
        setVersionsOpen(false);
        setSavedAt(new Date());
        rebase(await fetchDocumentBytes(documentId!));
      },
    });
  }
}

/** Saves every N minutes (the profile's Auto-Save Frequency; 0 is off) while there are unsaved changes. */
function AutoSave({ minutes, dirty, onSave }: { minutes: number; dirty: boolean; onSave: () => void }) {
  const latest = useRef(onSave);
  latest.current = onSave;
  useEffect(() => {
    if (!minutes || !dirty) return;
    const timer = window.setInterval(() => latest.current(), minutes * 60_000);
    return () => window.clearInterval(timer);
  }, [minutes, dirty]);
  return null;
}
