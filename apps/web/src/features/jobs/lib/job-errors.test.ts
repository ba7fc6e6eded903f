import { describe, expect, it } from 'vitest';
import { describeError } from './job-errors';

describe('describeError', () => {
  it('asks for a password when the PDF is encrypted', () => {
    expect(describeError({ code: 'PDF_ENCRYPTED', message: 'This PDF needs a password.' })).toEqual({
      title: 'This PDF needs its password',
      message: 'This PDF is protected by a password. Enter the password to open it.',
      remedy: 'password',
    });
  });

  it('says a file named .pdf that cannot be read is a damaged PDF, not a type not supported', () => {
    expect(describeError({ code: 'PDF_CORRUPT', message: 'The result could not be produced from this PDF.' })).toEqual({
      title: 'This PDF is damaged',
      message: 'This PDF is damaged or is not a PDF, so it could not be read.',
      remedy: 'choose-other-file',
    });
  });

  it('says when a redaction found nothing, without offering a retry that would find nothing again', () => {
    expect(describeError({ code: 'NOTHING_TO_REDACT', message: 'x' })).toEqual({
      title: 'Nothing to redact',
      message: 'Nothing in this PDF matches what you asked to redact, so no file was made.',
      remedy: 'none',
    });
  });

  it("keeps the server's more precise message", () => {
    expect(describeError({ code: 'VALIDATION_FAILED', message: 'Page 12 does not exist: the document has 10 pages.' })).toMatchObject({
      message: 'Page 12 does not exist: the document has 10 pages.',
      remedy: 'none',
    });
  });

  it('shows an unknown code with its own message, or a general one', () => {
    expect(describeError({ code: 'SOMETHING_NEW', message: 'A new problem.' }).message).toBe('A new problem.');
    expect(describeError({ code: 'SOMETHING_NEW' })).toEqual({
      title: 'Something went wrong',
      message: 'An unexpected error occurred. Please try again later.',
      remedy: 'retry',
    });
  });
});
