import { MAX_PDF_SIZE } from '@wattle/shared';
import { isApiError } from '@/lib/api-client';

/** The spec's upload toasts (sections 5 and 8), word for word. */
export const UPLOAD_MESSAGES = {
  invalid: { title: 'Invalid files', description: 'Some files were not uploaded. Files must be PDFs under 5MB.' },
  storage: { title: 'Storage limit exceeded', description: "You don't have enough storage space for these files." },
  failed: { title: 'Upload failed', description: 'There was an error uploading your files.' },
  damaged: { title: 'Damaged PDF', description: 'Some files were not uploaded: they are damaged or are not PDFs, so they could not be read.' },
  success: { title: 'Upload successful' },
  listSuccess: { title: 'Upload successful', description: 'Your PDF has been uploaded successfully.' },
} as const;

export type UploadCheck = { ok: true } | { ok: false; reason: 'invalid' | 'storage' };

/**
 * The browser's checks before anything is sent (spec section 5): every file must be application/pdf
 * and at most 5 MB, or nothing is uploaded; then used storage plus the files' total must fit the limit.
 */
export function checkUpload(files: ReadonlyArray<Pick<File, 'type' | 'size'>>, storageUsed: number, storageLimit: number): UploadCheck {
  if (files.some((file) => file.type !== 'application/pdf' || file.size > MAX_PDF_SIZE)) return { ok: false, reason: 'invalid' };
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (storageUsed + total > storageLimit) return { ok: false, reason: 'storage' };
  return { ok: true };
}

/** "1 file uploaded successfully." / "3 files uploaded successfully." */
export function uploadedCountText(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'} uploaded successfully.`;
}

/** The server checks again; its refusals map onto the spec's own messages (a damaged PDF says so). */
export function uploadFailureMessage(errors: unknown[]): { title: string; description: string } {
  const codes = new Set(errors.map((error) => (isApiError(error) ? error.code : undefined)));
  if (codes.has('STORAGE_LIMIT_EXCEEDED')) return UPLOAD_MESSAGES.storage;
  if (codes.has('PDF_CORRUPT')) return UPLOAD_MESSAGES.damaged;
  if (codes.has('UNSUPPORTED_FILE_TYPE') || codes.has('FILE_TOO_LARGE')) return UPLOAD_MESSAGES.invalid;
  return UPLOAD_MESSAGES.failed;
}
