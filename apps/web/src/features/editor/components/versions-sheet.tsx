import { formatBytes } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { formatDateTime } from '@/lib/dates';
import { useVersions, type DocumentVersion } from '../api/versions';

interface VersionsSheetProps {
  documentId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenVersion: (version: DocumentVersion) => void;
  onRestore: (version: DocumentVersion) => void;
  restoring: boolean;
}

/** The document's saved versions, newest first: open one to look at it, or restore it as the current one. */
export function VersionsSheet({ documentId, open, onOpenChange, onOpenVersion, onRestore, restoring }: VersionsSheetProps) {
  const versions = useVersions(documentId, open);
  const { locale, timeZone } = usePreferences();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="overflow-y-auto">
        <SheetHeader>
          <SheetTitle>Versions</SheetTitle>
          <SheetDescription>Every save keeps the previous version. Open one to look at it, or restore it.</SheetDescription>
        </SheetHeader>
        {versions.isPending && <Spinner className="mx-auto" />}
        {versions.isError && <p className="px-4 text-sm text-destructive">The versions could not be loaded.</p>}
        <ol className="flex flex-col gap-2 px-4 pb-4">
          {versions.data?.map((version) => (
            <li key={version.version} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <div className="text-sm">
                <p className="font-medium">
                  Version {version.version}
                  {version.current && <span className="ml-2 text-xs text-muted-foreground">(current)</span>}
                </p>
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(version.created_at, locale, timeZone)} · {formatBytes(version.file_size)}
                </p>
              </div>
              <div className="flex gap-1">
                <Button type="button" size="sm" variant="outline" onClick={() => onOpenVersion(version)} aria-label={`Open version ${version.version}`}>
                  Open
                </Button>
                {!version.current && (
                  <Button type="button" size="sm" variant="outline" disabled={restoring} onClick={() => onRestore(version)} aria-label={`Restore version ${version.version}`}>
                    Restore
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      </SheetContent>
    </Sheet>
  );
}
