import { DEFAULT_STORAGE_LIMIT, MAX_PDF_SIZE } from '@wattle/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { checkUpload, UPLOAD_MESSAGES, uploadedCountText, uploadFailureMessage } from './upload-rules';

const pdf = (size: number) => ({ type: 'application/pdf', size });

describe('checkUpload', () => {
  it('accepts PDFs of at most 5 MB that fit the storage left', () => {
    expect(checkUpload([pdf(MAX_PDF_SIZE), pdf(1)], 0, DEFAULT_STORAGE_LIMIT)).toEqual({ ok: true });
  });

  it('refuses the whole selection when any file is not a PDF or is over 5 MB', () => {
    expect(checkUpload([pdf(10), { type: 'image/png', size: 10 }], 0, DEFAULT_STORAGE_LIMIT)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkUpload([pdf(10), { type: '', size: 10 }], 0, DEFAULT_STORAGE_LIMIT)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkUpload([pdf(MAX_PDF_SIZE + 1)], 0, DEFAULT_STORAGE_LIMIT)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses when used plus the selection is over the limit, and allows landing exactly on it', () => {
    expect(checkUpload([pdf(600), pdf(400)], 9_000, 10_000)).toEqual({ ok: true });
    expect(checkUpload([pdf(600), pdf(401)], 9_000, 10_000)).toEqual({ ok: false, reason: 'storage' });
  });

  it('checks the type and size before the storage', () => {
    expect(checkUpload([pdf(MAX_PDF_SIZE + 1)], 10_000, 10_000)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('uploadedCountText', () => {
  it('counts one or many', () => {
    expect(uploadedCountText(1)).toBe('1 file uploaded successfully.');
    expect(uploadedCountText(4)).toBe('4 files uploaded successfully.');
  });
});

describe('uploadFailureMessage', () => {
  const refused = (code: string, status = 400) => new ApiError({ code, status, message: 'refused' });

  it('says a damaged PDF is damaged, not the wrong kind of file', () => {
    expect(uploadFailureMessage([refused('PDF_CORRUPT', 422)])).toEqual(UPLOAD_MESSAGES.damaged);
  });

  it('keeps the spec’s messages for storage, invalid files and anything else', () => {
    expect(uploadFailureMessage([refused('PDF_CORRUPT', 422), refused('STORAGE_LIMIT_EXCEEDED', 409)])).toEqual(UPLOAD_MESSAGES.storage);
    expect(uploadFailureMessage([refused('FILE_TOO_LARGE', 413)])).toEqual(UPLOAD_MESSAGES.invalid);
    expect(uploadFailureMessage([new Error('network')])).toEqual(UPLOAD_MESSAGES.failed);
  });
});
