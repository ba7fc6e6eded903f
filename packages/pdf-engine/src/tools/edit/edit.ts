import type { PDFDocument, PDFImage } from '@cantoo/pdf-lib';
import type { EditOperation } from '@wattle/shared';
import { pdfaNotKept } from '../../pdf/conformance.ts';
import { preparePdf } from '../../pdf/prepare.ts';
import { openPrepared, writePdf } from '../../pdf/write.ts';
import { outputFilename } from '../../output-names.ts';
import type { Operation } from '../operation.ts';
import { addAnnotation } from './annotations.ts';
import { drawMark, drawShape, inPageSpace, turnedAbout } from './drawing.ts';
import { fillForm } from './form.ts';
import { sortEditInputs } from './inputs.ts';
import { pageSpace } from './page-space.ts';
import { applyPageOperation } from './pages.ts';
import { drawDateStamp, drawTextBox } from './text.ts';
import { embedEditImage, type PreparedImage } from './images.ts';
import { checkEdits, isPageOperation, type PageOperation } from './validate.ts';

/**
 * The `edit` tool: applies an operations document (packages/shared edit-operations.ts) to the original.
 * Everything that needs the document is checked first; then content operations in order, page
 * operations last, and one save: a refused document writes nothing.
 */
export const edit: Operation<'edit'> = async (inputs, { operations }, ctx) => {
  const { pdf: input, pdfs: attachedPdfs, images: attachedImages } = await sortEditInputs(inputs);
  const pdf = await preparePdf(ctx, input);
  const doc = await openPrepared(pdf);
  const { images, pdfs } = await checkEdits(ctx, doc, operations, attachedImages, attachedPdfs);
  const embedded = new Map<PreparedImage, PDFImage>();
  const embed = async (image: PreparedImage) => {
    if (!embedded.has(image)) embedded.set(image, await embedEditImage(doc, image));
    return embedded.get(image)!;
  };
  const pageOperations: PageOperation[] = [];
  for (const [index, operation] of operations.entries()) {
    if (isPageOperation(operation)) pageOperations.push(operation);
    else await applyContent(doc, operation, images.get(index), embed);
    if (index % 20 === 0) ctx.checkAborted();
    ctx.progress((index + 1) / operations.length);
  }
  for (const operation of pageOperations) await applyPageOperation(doc, operation, pdfs);
  const notes = pdfaNotKept([pdf.profile], 'the edits add annotations and content that are not checked against PDF/A');
  return [await writePdf(ctx, doc, outputFilename(pdf.filename, 'edited', 'pdf'), doc.getPageCount(), notes)];
};

type ContentOperation = Exclude<EditOperation, PageOperation>;

async function applyContent(doc: PDFDocument, operation: ContentOperation, image: PreparedImage | undefined, embed: (image: PreparedImage) => Promise<PDFImage>): Promise<void> {
  if (operation.type === 'form') return fillForm(doc, operation);
  const page = doc.getPage(operation.page - 1);
  // Annotations live in page coordinates, beside the content rather than in it.
  if (operation.type === 'highlight' || operation.type === 'underline' || operation.type === 'strikeout' || operation.type === 'ink' || operation.type === 'note') {
    return addAnnotation(doc, page, pageSpace(page), operation);
  }
  await inPageSpace(doc, page, async (space) => {
    switch (operation.type) {
      case 'text':
        return drawTextBox(doc, page, space, operation);
      case 'image': {
        const embedded = await embed(image!);
        const at = { x: operation.x, y: space.height - operation.y - operation.height, width: operation.width, height: operation.height };
        return turnedAbout(page, space, operation, operation.rotation, () => page.drawImage(embedded, { ...at, opacity: operation.opacity }));
      }
      case 'stamp':
        if (operation.mark === 'date') return drawDateStamp(doc, page, space, { ...operation, date: operation.date! });
        return drawMark(page, space, { ...operation, mark: operation.mark });
      case 'rectangle':
      case 'ellipse':
        return turnedAbout(page, space, operation, operation.rotation, () => drawShape(page, space, operation));
      default:
        return drawShape(page, space, operation);
    }
  });
}
