import type { ToolInput } from '../../context.ts';
import { detectFileType } from '../../detect/file-type.ts';
import { EngineError } from '../../errors.ts';

/**
 * The edit job's inputs, told apart by content: the PDF edited is the first PDF (the server puts a
 * stored document first), every other PDF is an attachment for `insert-pdf` and the images are
 * attachments for `image`, each kind numbered from 1 in the order sent.
 */
export async function sortEditInputs(inputs: readonly ToolInput[]): Promise<{ pdf: ToolInput; pdfs: ToolInput[]; images: ToolInput[] }> {
  const pdfs: ToolInput[] = [];
  const images: ToolInput[] = [];
  for (const input of inputs) ((await detectFileType(input.path)) === 'pdf' ? pdfs : images).push(input);
  const [pdf, ...attached] = pdfs;
  if (!pdf) {
    const message = 'Send the PDF to edit with its images.';
    throw new EngineError('VALIDATION_FAILED', message, { fields: [{ path: 'files', message }] });
  }
  return { pdf, pdfs: attached, images };
}
