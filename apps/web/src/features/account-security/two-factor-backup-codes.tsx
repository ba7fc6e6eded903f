import { CopyIcon, DownloadIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { BACKUP_CODES_FILENAME, backupCodesText } from './two-factor-setup';

/** The backup codes, shown once after they are made, to copy or download. */
export function BackupCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The codes replace the form the person was using: move focus to them so a screen reader reads them next.
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Backup codes copied', description: 'Keep them somewhere safe, such as your password manager.', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the codes and copy them yourself.', variant: 'destructive' });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([backupCodesText(codes, email)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = BACKUP_CODES_FILENAME;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="backup-codes-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h3 id="backup-codes-heading" ref={heading} tabIndex={-1} className="font-semibold outline-none">
          Save your backup codes
        </h3>
        <p className="text-sm text-muted-foreground">
          Each code signs you in once if you can’t use your authenticator app. They won’t be shown again.
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-2 rounded-md bg-muted p-4 font-mono text-sm sm:grid-cols-5" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <CopyIcon aria-hidden="true" /> Copy codes
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <DownloadIcon aria-hidden="true" /> Download
        </Button>
        <Button type="button" onClick={onDone}>
          I’ve saved my codes
        </Button>
      </div>
    </section>
  );
}
