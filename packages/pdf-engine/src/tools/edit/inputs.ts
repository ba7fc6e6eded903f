import type { ToolInput } from '../../context.ts';
import { detectFileType } from '../../detect/file-type.ts';
import { EngineError } from '../../errors.ts';

/**
 * The edit job's inputs, told apart by content: the one PDF, and the images its operations place,
 * numbered from 1 in the order sent. Uploads come before stored documents among a job's inputs, so
 * the PDF is not always first.
 */
export async function sortEditInputs(inputs: readonly ToolInput[]): Promise<{ pdf: ToolInput; images: ToolInput[] }> {
  const pdfs: ToolInput[] = [];
  const images: ToolInput[] = [];
  for (const input of inputs) ((await detectFileType(input.path)) === 'pdf' ? pdfs : images).push(input);
  if (pdfs.length !== 1) {
    const message = pdfs.length === 0 ? 'Send the PDF to edit with its images.' : 'Send one PDF to edit; the other files must be images.';
    throw new EngineError('VALIDATION_FAILED', message, { fields: [{ path: 'files', message }] });
  }
  return { pdf: pdfs[0]!, images };
}
