import { z } from 'zod';

/**
 * The operations document: what the editor (or an API caller) asks the `edit` tool to do to the original.
 *
 * Units are PDF points (1/72 inch) in the page's own space as the reader sees it: the origin is the
 * top-left corner of the visible page (its crop box, after its rotation), x grows to the right and y
 * downwards. Content operations (text, images, shapes, markup, notes, whiteout, stamps, form values)
 * are applied first, in order, and name pages of the original; page operations (rotate, delete,
 * reorder, insert a blank page or another PDF's pages) come last, in order, each naming pages as they stand after the ones before it.
 * Every number and the whole document are bounded, so an absurd document is refused before any work.
 */

export const EDIT_DOCUMENT_VERSION = 1;
export const MAX_EDIT_OPERATIONS = 1000;
/** Decoded bytes of one embedded image, and of all of them together. */
export const MAX_EDIT_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_EDIT_TOTAL_IMAGE_BYTES = 20 * 1024 * 1024;
/** Pixels of one placed image (width x height), read from its header before any decoding: a 48-megapixel photo fits, a pixel flood does not. */
export const MAX_EDIT_IMAGE_PIXELS = 50_000_000;
/** Images sent as files beside the PDF (the editor sends its images this way, keeping the options small). */
export const MAX_EDIT_IMAGE_FILES = 50;
/** Other PDFs sent beside the edited one, whose pages `insert-pdf` copies in. */
export const MAX_EDIT_PDF_FILES = 10;
/** Ink points over the whole document. */
export const MAX_EDIT_INK_POINTS = 50_000;

/** The largest page PDF allows is 200 inches; nothing we place is bigger. */
const MAX_POINTS = 14_400;

const pageNumber = z.int().min(1).max(100_000).meta({ description: 'Page number, from 1.' });
const coordinate = z.number().min(-MAX_POINTS).max(MAX_POINTS);
const length = z.number().positive().max(MAX_POINTS);
const point = z.strictObject({ x: coordinate, y: coordinate });
const box = { x: coordinate, y: coordinate, width: length, height: length };
const rect = z.strictObject(box);
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1A2B3C');
const opacity = z.number().min(0).max(1).default(1);
const rotation = z.number().min(-360).max(360).default(0).meta({ description: 'Degrees clockwise about the centre of the box, as the editor turns it.' });
const strokeWidth = z.number().min(0).max(100).default(1).meta({ description: 'Line width in points.' });
const shapeStyle = { rotation, stroke: hex.optional().meta({ description: 'Outline colour; no outline when left out.' }), fill: hex.optional(), strokeWidth, opacity };
const lineStyle = { stroke: hex.default('#000000'), strokeWidth, opacity };

/** Decoded length of a base64 string, from its length and padding. */
export const base64Bytes = (data: string) => Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);

/** JPEG, PNG and WebP by their first bytes (the engine decodes the whole image before placing it). */
const IMAGE_SIGNATURES = [/^\/9j\//, /^iVBORw0KGgo/, /^UklG[\w+/]{8}RUJQ/];

const text = z.strictObject({
  type: z.literal('text'),
  page: pageNumber,
  x: coordinate.meta({ description: 'Left edge of the text box.' }),
  y: coordinate.meta({ description: 'Top edge of the text box (the top of the first line).' }),
  width: length.optional().meta({ description: 'Width of the text box, for alignment; the widest line when left out.' }),
  text: z.string().min(1).max(10_000).meta({ description: 'The text; a line break starts a new line.' }),
  font: z.enum(['sans']).default('sans').meta({ description: 'Font family (Noto Sans, covering every script we draw).' }),
  size: z.number().min(4).max(400).default(12).meta({ description: 'Font size in points.' }),
  color: hex.default('#000000'),
  bold: z.boolean().default(false),
  italic: z.boolean().default(false),
  align: z.enum(['left', 'center', 'right']).default('left'),
  lineHeight: z.number().min(0.8).max(4).default(1.2).meta({ description: 'Distance between baselines, in font sizes.' }),
  opacity,
  rotation,
});

const image = z
  .strictObject({
    type: z.literal('image'),
    page: pageNumber,
    ...box,
    data: z
      .base64()
      .max(Math.ceil(MAX_EDIT_IMAGE_BYTES / 3) * 4)
      .refine((data) => IMAGE_SIGNATURES.some((signature) => signature.test(data)), 'This is not a JPEG, PNG or WebP image')
      .optional()
      .meta({ description: 'The image file (JPEG, PNG or WebP) as base64; it is stretched to the box. Send this or `file`.' }),
    file: z
      .int()
      .min(1)
      .max(MAX_EDIT_IMAGE_FILES)
      .optional()
      .meta({ description: 'Or the image sent as a file with the job: 1 is the first JPEG, PNG or WebP file sent, counting only images, in the order sent.' }),
    opacity,
    rotation,
  })
  .refine((i) => (i.data === undefined) !== (i.file === undefined), { message: 'Give the image either as `data` or as `file`', path: ['file'] });

const shape = <T extends 'rectangle' | 'ellipse'>(type: T) => z.strictObject({ type: z.literal(type), page: pageNumber, ...box, ...shapeStyle });
const segment = <T extends 'line' | 'arrow'>(type: T) => z.strictObject({ type: z.literal(type), page: pageNumber, from: point, to: point, ...lineStyle });

const ink = z.strictObject({
  type: z.literal('ink'),
  page: pageNumber,
  strokes: z.array(z.array(point).min(1).max(5000)).min(1).max(500).meta({ description: 'Freehand strokes, each a list of points.' }),
  ...lineStyle,
});

const markup = <T extends 'highlight' | 'underline' | 'strikeout'>(type: T, colour: string) =>
  z.strictObject({
    type: z.literal(type),
    page: pageNumber,
    rects: z.array(rect).min(1).max(500).meta({ description: 'The boxes of the marked text, one per line.' }),
    color: hex.default(colour),
    opacity,
    comment: z.string().max(5000).optional(),
  });

const note = z.strictObject({
  type: z.literal('note'),
  page: pageNumber,
  x: coordinate.meta({ description: 'Left edge of the note icon.' }),
  y: coordinate.meta({ description: 'Top edge of the note icon.' }),
  text: z.string().min(1).max(10_000),
  author: z.string().max(200).optional(),
  color: hex.default('#FFD54F'),
});

const whiteout = z.strictObject({ type: z.literal('whiteout'), page: pageNumber, ...box });

const stamp = z
  .strictObject({
    type: z.literal('stamp'),
    page: pageNumber,
    mark: z.enum(['tick', 'cross', 'date']),
    x: coordinate.meta({ description: 'Left edge of the stamp.' }),
    y: coordinate.meta({ description: 'Top edge of the stamp.' }),
    size: z.number().min(4).max(400).default(16).meta({ description: 'Height of the stamp in points.' }),
    date: z
      .string()
      .regex(/^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/\d{4}$/, 'Use a date like 24/11/2026')
      .optional()
      .meta({ description: 'The date a date stamp shows, DD/MM/YYYY (the editor sends the signer’s own date).' }),
    color: hex.default('#000000'),
  })
  .refine((s) => s.mark !== 'date' || s.date !== undefined, { message: 'A date stamp needs its date', path: ['date'] });

const formValue = z.union([z.string().max(10_000), z.boolean(), z.array(z.string().max(1000)).max(500)]);
const form = z.strictObject({
  type: z.literal('form'),
  values: z
    .record(z.string().min(1).max(1000), formValue)
    .refine((values) => Object.keys(values).length <= 5000, 'Too many fields')
    .meta({ description: 'Field name to value: text for text fields, true/false for checkboxes, the option for radio groups and dropdowns (a list for multi-select).' }),
  flatten: z.boolean().default(false).meta({ description: 'Fix every field into the page afterwards, so it can no longer be changed.' }),
});

const rotatePage = z.strictObject({ type: z.literal('rotate-page'), page: pageNumber, angle: z.literal([90, 180, 270]).meta({ description: 'Degrees clockwise, added to the page’s rotation.' }) });
const deletePage = z.strictObject({ type: z.literal('delete-page'), page: pageNumber });
const reorderPages = z.strictObject({
  type: z.literal('reorder-pages'),
  order: z.array(pageNumber).min(1).max(100_000).meta({ description: 'Every page once, in its new order.' }),
});
const insertPage = z.strictObject({
  type: z.literal('insert-page'),
  after: z.int().min(0).max(100_000).meta({ description: 'The new page goes after this page; 0 puts it first.' }),
  width: z.number().min(72).max(MAX_POINTS).default(595.28).meta({ description: 'Width in points, at least one inch (A4 is 595.28 × 841.89).' }),
  height: z.number().min(72).max(MAX_POINTS).default(841.89),
});

const insertPdf = z.strictObject({
  type: z.literal('insert-pdf'),
  after: z.int().min(0).max(100_000).meta({ description: 'The copied pages go after this page; 0 puts them first.' }),
  file: z
    .int()
    .min(1)
    .max(MAX_EDIT_PDF_FILES)
    .meta({ description: 'The attached PDF whose pages are copied in, all of them in their order: 1 is the first PDF sent after the one edited.' }),
});

export const editOperationSchema = z.discriminatedUnion('type', [
  text,
  image,
  shape('rectangle'),
  shape('ellipse'),
  segment('line'),
  segment('arrow'),
  ink,
  markup('highlight', '#FFEB3B'),
  markup('underline', '#1E88E5'),
  markup('strikeout', '#E53935'),
  note,
  whiteout,
  stamp,
  form,
  rotatePage,
  deletePage,
  reorderPages,
  insertPage,
  insertPdf,
]);

export type EditOperation = z.output<typeof editOperationSchema>;
export type EditOperationType = EditOperation['type'];
export const PAGE_OPERATION_TYPES = ['rotate-page', 'delete-page', 'reorder-pages', 'insert-page', 'insert-pdf'] as const;

export const EDIT_EXAMPLE = {
  version: 1,
  operations: [
    { type: 'text', page: 1, x: 72, y: 72, text: 'Approved for payment\nInvoice 1042', size: 14, color: '#1A237E', bold: true },
    { type: 'rectangle', page: 1, x: 66, y: 66, width: 220, height: 48, stroke: '#1A237E', strokeWidth: 2 },
    { type: 'highlight', page: 1, rects: [{ x: 72, y: 200, width: 180, height: 14 }] },
    { type: 'note', page: 1, x: 300, y: 72, text: 'Checked against the purchase order.', author: 'Alex Citizen' },
  ],
} as const;

export const editOptionsSchema = z
  .strictObject({
    version: z.literal(EDIT_DOCUMENT_VERSION).default(EDIT_DOCUMENT_VERSION).meta({ description: 'Version of the operations document.' }),
    operations: z.array(editOperationSchema).min(1).max(MAX_EDIT_OPERATIONS).meta({ description: 'The edits, applied in order (page operations last).' }),
  })
  .superRefine(({ operations }, ctx) => {
    let imageBytes = 0;
    let inkPoints = 0;
    for (const operation of operations) {
      // Attached files are measured by the engine, which has their bytes.
      if (operation.type === 'image' && operation.data) imageBytes += base64Bytes(operation.data);
      if (operation.type === 'ink') inkPoints += operation.strokes.reduce((sum, stroke) => sum + stroke.length, 0);
    }
    if (imageBytes > MAX_EDIT_TOTAL_IMAGE_BYTES) ctx.addIssue({ code: 'custom', path: ['operations'], message: 'The images together are too large' });
    if (inkPoints > MAX_EDIT_INK_POINTS) ctx.addIssue({ code: 'custom', path: ['operations'], message: 'The drawings have too many points' });
  })
  .meta({
    description:
      'An operations document: the edits to apply to the PDF. Images travel best as files: send the PDF (or its stored document in `fileIds`) and up to 50 JPEG, PNG or WebP files in `files`, and name each by its place among the images sent (`"file": 1` is the first image); `data` (base64) also works, within the 64 KiB options field. The document edited is the stored document when `fileIds` names one, else the first PDF uploaded; every other PDF sent is an attachment for `insert-pdf`, numbered from 1 in the order sent (images keep their own numbering).',
    examples: [EDIT_EXAMPLE],
  });

export type EditOptions = z.output<typeof editOptionsSchema>;
