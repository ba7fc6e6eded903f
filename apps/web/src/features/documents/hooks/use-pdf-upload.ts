import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { refreshDocuments, storageLimitOf, USAGE_KEY } from '../api/documents';
import type { DocumentItem, Usage } from '@wattle/shared';
import { uploadDocument } from '../api/upload';
import { checkUpload, UPLOAD_MESSAGES, uploadedCountText, uploadFailureMessage } from '../lib/upload-rules';

export interface UploadEntry {
  key: string;
  name: string;
  size: number;
  /** 0–100, from the browser's upload progress. */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
}

/** Files sent at once; the rest wait their turn. */
const PARALLEL_UPLOADS = 3;
/** How long finished rows stay on screen before the area returns to idle. */
const CLEAR_AFTER_MS = 4000;

/**
 * Checks PDFs the way the spec says, then uploads each in its own request with its own progress.
 * Shared by the Documents page and the dashboard's Quick Upload. `onUploaded` gets the stored rows.
 */
export function usePdfUpload(options: { onUploaded?: (documents: DocumentItem[]) => void } = {}) {
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [uploading, setUploading] = useState(false);
  const onUploaded = useRef(options.onUploaded);
  onUploaded.current = options.onUploaded;
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const upload = useCallback(
    async (files: File[]) => {
      if (files.length === 0 || uploading) return;
      // Fresh figures: another tab or a tool may have used space since the page loaded.
      const usage = await queryClient
        .fetchQuery({ queryKey: USAGE_KEY, queryFn: () => api.get<Usage>('/api/usage'), staleTime: 0 })
        .catch(() => queryClient.getQueryData<Usage>(USAGE_KEY));
      const check = checkUpload(files, usage?.storage_used ?? 0, storageLimitOf(usage));
      if (!check.ok) {
        toast({ ...UPLOAD_MESSAGES[check.reason], variant: 'destructive' });
        return;
      }

      clearTimeout(clearTimer.current);
      setUploading(true);
      const batch = Date.now();
      setEntries(files.map((file, i) => ({ key: `${batch}-${i}`, name: file.name, size: file.size, progress: 0, status: 'uploading' })));
      const update = (index: number, change: Partial<UploadEntry>) =>
        setEntries((current) => current.map((entry) => (entry.key === `${batch}-${index}` ? { ...entry, ...change } : entry)));

      const stored: DocumentItem[] = [];
      const errors: unknown[] = [];
      let next = 0;
      const worker = async () => {
        while (next < files.length) {
          const index = next++;
          try {
            stored.push(await uploadDocument(files[index]!, (fraction) => update(index, { progress: Math.round(fraction * 100) })));
            update(index, { progress: 100, status: 'done' });
          } catch (error) {
            errors.push(error);
            update(index, { progress: 100, status: 'failed' });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, files.length) }, worker));

      setUploading(false);
      void refreshDocuments(queryClient);
      if (stored.length > 0) {
        toast({ title: UPLOAD_MESSAGES.success.title, description: uploadedCountText(stored.length), variant: 'success' });
        onUploaded.current?.(stored);
      }
      if (errors.length > 0) toast({ ...uploadFailureMessage(errors), variant: 'destructive' });
      clearTimer.current = setTimeout(() => setEntries([]), CLEAR_AFTER_MS);
    },
    [queryClient, uploading],
  );

  return { upload, entries, uploading };
}
