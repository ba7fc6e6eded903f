import { z } from 'zod';
import { PAGE_SIZES } from '../validation.ts';
import { editOptionsSchema, MAX_EDIT_IMAGE_FILES, MAX_EDIT_PDF_FILES } from './edit-operations.ts';
import { redactOptionsSchema } from './redact.ts';
import { colour, metadataText, pageNumberFormat, pageRanges, password, position, stampText } from './fields.ts';
import {
  IMAGE_INPUT_KINDS,
  INPUT_KINDS,
  OCR_LANGUAGES,
  OFFICE_INPUT_KINDS,
  type EngineId,
  type InputKind,
  type OutputKind,
  type ToolCategory,
} from './kinds.ts';

export interface ToolDefinition<Id extends string = string, Options extends z.ZodType = z.ZodType> {
  /** Kebab-case; also the URL slug and the API's `tool` value. */
  id: Id;
  name: string;
  /** One sentence, en-AU. */
  description: string;
  category: ToolCategory;
  accepts: readonly InputKind[];
  minFiles: number;
  maxFiles: number;
  /** Parse with `options.parse(input ?? {})`; defaults fill in, bounds refuse absurd values. */
  options: Options;
  output: OutputKind;
  /** The engine the tool needs; a tool whose engine is missing answers ENGINE_UNAVAILABLE. */
  engine: EngineId;
  /** Heavy tools get their own, smaller concurrency (one per core at most). */
  heavy: boolean;
  /** Its options are a document the browser editor (or an API caller) writes: no generated options form. */
  editorOnly?: boolean;
}

const tool = <const Id extends string, Options extends z.ZodType>(definition: ToolDefinition<Id, Options>) => definition;

const none = () => z.strictObject({});
/** qpdf merges 200 files of 5 pages in about a second (performance log §097). */
const MAX_MERGE_FILES = 200;
const MAX_IMAGES = 100;
const MAX_BLANK_PAGES = 100;
const pageSize = z.enum(PAGE_SIZES).default('A4').meta({ description: 'Paper size. With an account, it starts at the Default Page Size in your settings.' });

/** Header and footer text: one line, with placeholders. */
const headerFooterText = (place: string) =>
  stampText(`Text at the ${place}, e.g. Page {n} of {total}. {date} is today's date and {filename} the file's name.`, 200).optional();
/** Files one add-attachments job attaches. */
const MAX_ATTACHMENTS = 50;
const cropLength = (description: string) => z.number().min(0).max(2000).default(0).meta({ description });
const cropPages = pageRanges('Which pages to crop, e.g. 1-3,5. Leave it empty to crop every page.').optional();
/** One file in, printed by the sealed Chromium (html-to-pdf, email-to-pdf) on the account's paper. */
const printedByChromium = {
  category: 'to-pdf',
  minFiles: 1,
  maxFiles: 1,
  options: z.strictObject({ pageSize }),
  output: 'pdf',
  engine: 'chromium',
  heavy: true,
} as const;

export const TOOLS = [
  tool({
    id: 'merge',
    name: 'Merge PDF',
    description: 'Combine several PDFs into one, in the order you give them.',
    category: 'organise',
    accepts: ['pdf'],
    minFiles: 2,
    maxFiles: MAX_MERGE_FILES,
    options: z.strictObject({
      rotations: z
        .array(z.literal([0, 90, 180, 270]))
        .max(MAX_MERGE_FILES)
        .optional()
        .meta({ description: 'How far to turn each file clockwise, in the order of the files (0, 90, 180 or 270 degrees); files without one stay as they are.' }),
    }),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'split',
    name: 'Split PDF',
    description: 'Split a PDF into several files, by page ranges or every few pages.',
    category: 'organise',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.discriminatedUnion('mode', [
      z.strictObject({
        mode: z.literal('ranges'),
        ranges: pageRanges('Each range becomes a PDF of its own. Separate the ranges with commas, e.g. 1-2,3,4-5.'),
      }),
      z.strictObject({
        mode: z.literal('every'),
        every: z.int().min(1).max(1000).default(1).meta({ description: 'How many pages go into each new PDF.' }),
      }),
    ]),
    output: 'pdfs',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'organize',
    name: 'Organise pages',
    description: 'Reorder, repeat or drop pages by listing them in the order you want.',
    category: 'organise',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      order: pageRanges('List the pages in the order you want, e.g. 3,1,2. Pages you leave out are removed, a page listed twice is copied, and 5-1 puts pages 5 to 1 in reverse.'),
    }),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'rotate',
    name: 'Rotate PDF',
    description: 'Turn all or some pages clockwise by 90, 180 or 270 degrees.',
    category: 'organise',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      angle: z.literal([90, 180, 270]).default(90).meta({ description: 'How far to turn the pages clockwise.' }),
      pages: pageRanges('Which pages to turn, e.g. 1-3,5. Leave it empty to turn every page.').optional(),
    }),
    output: 'pdf',
    engine: 'qpdf',
    heavy: false,
  }),
  tool({
    id: 'extract-pages',
    name: 'Extract pages',
    description: 'Make a new PDF from the pages you choose.',
    category: 'organise',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({ pages: pageRanges('Pages to keep, e.g. 1-3,5.') }),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'remove-pages',
    name: 'Remove pages',
    description: 'Delete the pages you choose and keep the rest.',
    category: 'organise',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({ pages: pageRanges('Pages to delete, e.g. 2,4-6.') }),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'compress',
    name: 'Compress PDF',
    description: 'Make a PDF smaller by shrinking its images, and never get a bigger file back.',
    category: 'optimise',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      level: z.enum(['low', 'medium', 'high']).default('medium').meta({ description: 'Stronger compression makes a smaller file, with lower-quality images.' }),
      grayscale: z.boolean().default(false).meta({ description: 'Also turn colour images into shades of grey.' }),
    }),
    output: 'pdf',
    engine: 'sharp',
    heavy: true,
  }),
  tool({
    id: 'repair',
    name: 'Repair PDF',
    description: 'Rebuild a damaged PDF so it opens again, where it can be recovered.',
    category: 'optimise',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: none(),
    output: 'pdf',
    engine: 'qpdf',
    heavy: false,
  }),
  tool({
    id: 'image-to-pdf',
    name: 'Image to PDF',
    description: 'Turn JPEG, PNG, WebP, GIF, TIFF or HEIC images into a PDF, one page per image.',
    category: 'to-pdf',
    accepts: IMAGE_INPUT_KINDS,
    minFiles: 1,
    maxFiles: MAX_IMAGES,
    options: z.strictObject({
      pageSize: z.enum(['A4', 'Letter', 'Legal', 'fit']).default('A4').meta({ description: 'Paper size, or Fit to make each page the size of its image.' }),
      orientation: z.enum(['portrait', 'landscape', 'auto']).default('auto').meta({ description: 'Auto turns each page to suit the shape of its image.' }),
      margin: z.number().min(0).max(50).default(0).meta({ description: 'Space left around each image, in millimetres.' }),
      fit: z.enum(['contain', 'cover']).default('contain').meta({ description: 'Contain shows the whole image; Cover fills the page and trims the edges that do not fit.' }),
    }),
    output: 'pdf',
    engine: 'sharp',
    heavy: true,
  }),
  tool({
    id: 'blank-pdf',
    name: 'Blank PDF',
    description: 'Start a new PDF of empty pages in the paper size and orientation you choose.',
    category: 'to-pdf',
    accepts: [],
    minFiles: 0,
    maxFiles: 0,
    options: z.strictObject({
      pages: z.int().min(1).max(MAX_BLANK_PAGES).default(1).meta({ description: 'How many empty pages the PDF has.' }),
      pageSize,
      orientation: z.enum(['portrait', 'landscape']).default('portrait'),
    }),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'text-to-pdf',
    name: 'Text to PDF',
    description: 'Turn a plain text or Markdown file into a PDF with its headings, lists, tables, code and links.',
    category: 'to-pdf',
    accepts: ['txt', 'md'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      pageSize,
      format: z.enum(['auto', 'markdown', 'plain']).default('auto').meta({ description: 'Auto reads .md files as Markdown and other files as plain text.' }),
    }),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'office-to-pdf',
    name: 'Office to PDF',
    description: 'Convert Word, Excel, PowerPoint, OpenDocument, RTF or text files to PDF.',
    category: 'to-pdf',
    accepts: OFFICE_INPUT_KINDS,
    minFiles: 1,
    maxFiles: 1,
    options: none(),
    output: 'pdf',
    engine: 'libreoffice',
    heavy: true,
  }),
  tool({
    id: 'pdf-to-image',
    name: 'PDF to image',
    description: 'Save each page of a PDF as a PNG or JPEG image.',
    category: 'from-pdf',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      format: z.enum(['png', 'jpeg']).default('png'),
      dpi: z.int().min(72).max(300).default(150).meta({ description: 'A higher resolution gives sharper images and larger files.' }),
      pages: pageRanges('Which pages to save, e.g. 1-3,5. Leave it empty to save every page.').optional(),
    }),
    output: 'images',
    engine: 'poppler',
    heavy: true,
  }),
  tool({
    id: 'pdf-to-word',
    name: 'PDF to Word',
    description: 'Turn a PDF into an editable Word document that keeps its headings, lists, tables, images and page breaks.',
    category: 'from-pdf',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: none(),
    output: 'docx',
    engine: 'pdfjs',
    heavy: false,
  }),
  tool({
    id: 'pdf-to-excel',
    name: 'PDF to Excel',
    description: 'Turn the tables in a PDF into spreadsheet cells, one sheet per page, with numbers as numbers.',
    category: 'from-pdf',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: none(),
    output: 'xlsx',
    engine: 'pdfjs',
    heavy: false,
  }),
  tool({
    id: 'pdf-to-powerpoint',
    name: 'PDF to PowerPoint',
    description: 'Turn each page of a PDF into a slide, with its text editable over the page\'s images.',
    category: 'from-pdf',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: none(),
    output: 'pptx',
    engine: 'pdfjs',
    heavy: true,
  }),
  tool({
    id: 'pdf-to-text',
    name: 'PDF to text',
    description: 'Extract the text of a PDF into a plain text file.',
    category: 'from-pdf',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      layout: z.boolean().default(false).meta({ description: 'Keep the columns and spacing of the page instead of reading order.' }),
    }),
    output: 'txt',
    engine: 'poppler',
    heavy: false,
  }),
  tool({
    id: 'ocr',
    name: 'OCR PDF',
    description: 'Recognise the text in scanned pages so the PDF can be searched and copied from.',
    category: 'ocr',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      language: z
        .enum(OCR_LANGUAGES.map((l) => l.id) as [(typeof OCR_LANGUAGES)[number]['id'], ...(typeof OCR_LANGUAGES)[number]['id'][]])
        .default('eng')
        .meta({ description: 'Language of the text on the pages.' }),
      everyPage: z.boolean().default(false).meta({ description: 'Also read pages that already have text, replacing any text recognised before.' }),
    }),
    output: 'pdf',
    engine: 'tesseract',
    heavy: true,
  }),
  tool({
    id: 'watermark',
    name: 'Watermark PDF',
    description: 'Stamp text across every page, such as DRAFT or CONFIDENTIAL.',
    category: 'edit',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      text: stampText('The words to stamp on each page, e.g. DRAFT.', 200),
      opacity: z.number().min(0.05).max(1).default(0.3),
      angle: z.int().min(-180).max(180).default(45).meta({ description: 'How far to tilt the text anticlockwise.' }),
      fontSize: z.number().min(6).max(144).default(48).meta({ description: 'How big the text is.' }),
      position: z.enum(['center', 'top', 'bottom', 'tiled']).default('center'),
      color: colour,
    }),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'page-numbers',
    name: 'Add page numbers',
    description: 'Number the pages of a PDF in the position and format you choose.',
    category: 'edit',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      position,
      startAt: z.int().min(1).max(100000).default(1).meta({ description: 'The number shown on the first page.' }),
      format: pageNumberFormat,
      fontSize: z.number().min(6).max(72).default(11).meta({ description: 'How big the numbers are.' }),
    }),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'header-footer',
    name: 'Add header and footer',
    description: 'Put text at the top and bottom of pages, with the page number, page count, date or file name.',
    category: 'edit',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      topLeft: headerFooterText('top left'),
      topCenter: headerFooterText('top centre'),
      topRight: headerFooterText('top right'),
      bottomLeft: headerFooterText('bottom left'),
      bottomCenter: headerFooterText('bottom centre'),
      bottomRight: headerFooterText('bottom right'),
      fontSize: z.number().min(6).max(72).default(10).meta({ description: 'How big the text is.' }),
      color: colour,
      margin: z.number().min(0).max(50).default(10).meta({ description: 'How far the text sits from the edges of the page, in millimetres.' }),
      pages: pageRanges('Which pages get the text, e.g. 2-10. Leave it empty for every page.').optional(),
    }),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'bates',
    name: 'Bates numbering',
    description: 'Stamp a Bates number on every page, numbering on from one file to the next in the order you give them.',
    category: 'edit',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: MAX_MERGE_FILES,
    options: z.strictObject({
      prefix: stampText('Text before each number, e.g. SMITH-.', 50).optional(),
      start: z.int().min(0).max(999_999_999).default(1).meta({ description: 'The number on the first page.' }),
      digits: z.int().min(1).max(12).default(6).meta({ description: 'How many digits each number has, with zeros in front.' }),
      position: position.unwrap().default('bottom-right').meta({ description: 'Where on the page the number goes.' }),
      fontSize: z.number().min(6).max(72).default(10).meta({ description: 'How big the numbers are.' }),
      margin: z.number().min(0).max(50).default(10).meta({ description: 'How far the number sits from the edges of the page, in millimetres.' }),
    }),
    output: 'pdfs',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'n-up',
    name: 'Pages per sheet',
    description: 'Put 2, 4, 6 or 9 pages on each sheet, keeping their text selectable.',
    category: 'organise',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      pagesPerSheet: z.literal([2, 4, 6, 9]).default(4).meta({ description: 'How many pages go on each sheet.' }),
      pageSize,
    }),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'crop',
    name: 'Crop PDF',
    description: 'Trim the edges of pages by margins, to a box, or to their content; what is trimmed is hidden, not deleted.',
    category: 'edit',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.discriminatedUnion('cropTo', [
      z.strictObject({
        cropTo: z.literal('margins'),
        top: cropLength('How much to trim from the top, in millimetres.'),
        right: cropLength('How much to trim from the right, in millimetres.'),
        bottom: cropLength('How much to trim from the bottom, in millimetres.'),
        left: cropLength('How much to trim from the left, in millimetres.'),
        pages: cropPages,
      }),
      z.strictObject({
        cropTo: z.literal('box'),
        x: z.number().min(0).max(2000).meta({ description: 'How far the box starts from the left edge, in millimetres.' }),
        y: z.number().min(0).max(2000).meta({ description: 'How far the box starts from the top edge, in millimetres.' }),
        width: z.number().min(1).max(2000).meta({ description: 'How wide the box is, in millimetres.' }),
        height: z.number().min(1).max(2000).meta({ description: 'How tall the box is, in millimetres.' }),
        pages: cropPages,
      }),
      z.strictObject({
        cropTo: z.literal('content'),
        padding: z.number().min(0).max(50).default(2).meta({ description: 'White space kept around the content, in millimetres.' }),
        pages: cropPages,
      }),
    ]),
    output: 'pdf',
    engine: 'poppler',
    heavy: true,
  }),
  tool({
    id: 'remove-blank-pages',
    name: 'Remove blank pages',
    description: 'Find the pages with no text that are all but white and remove them.',
    category: 'organise',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      threshold: z.number().min(90).max(100).default(99.5).meta({ description: 'How much of a page, in per cent, must be white for it to count as blank. Pages with any text are kept.' }),
    }),
    output: 'pdf',
    engine: 'poppler',
    heavy: true,
  }),
  tool({
    id: 'image-watermark',
    name: 'Image watermark',
    description: 'Place a PNG or JPEG image, such as a logo, on pages at the size, place and opacity you choose.',
    category: 'edit',
    // The PDF and the image, in either order (found by content).
    accepts: ['pdf', 'png', 'jpeg'],
    minFiles: 2,
    maxFiles: 2,
    options: z.strictObject({
      opacity: z.number().min(0.05).max(1).default(0.5).meta({ description: 'How solid the image is: 1 hides what is under it.' }),
      scale: z.number().min(1).max(100).default(30).meta({ description: 'How wide the image is, in per cent of the page width.' }),
      position: z
        .enum(['top-left', 'top-center', 'top-right', 'middle-left', 'center', 'middle-right', 'bottom-left', 'bottom-center', 'bottom-right'])
        .default('center')
        .meta({ description: 'Where on the page the image goes.' }),
      tiled: z.boolean().default(false).meta({ description: 'Repeat the image across the whole page instead.' }),
      pages: pageRanges('Which pages get the image, e.g. 1-3,5. Leave it empty for every page.').optional(),
    }),
    output: 'pdf',
    engine: 'sharp',
    heavy: false,
  }),
  tool({
    id: 'add-attachments',
    name: 'Add attachments',
    description: 'Attach files to a PDF, where PDF readers list them; the PDF goes first, then the files to attach.',
    category: 'edit',
    accepts: Object.keys(INPUT_KINDS) as InputKind[],
    minFiles: 2,
    maxFiles: 1 + MAX_ATTACHMENTS,
    options: none(),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'extract-attachments',
    name: 'Extract attachments',
    description: 'Save the files attached to a PDF, each as a file of its own.',
    category: 'from-pdf',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: none(),
    output: 'files',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'edit-metadata',
    name: 'Edit metadata',
    description: 'Change the title, author, subject and keywords stored in a PDF.',
    category: 'edit',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      title: metadataText('The title PDF readers show. Empty a field to remove it from the PDF.'),
      author: metadataText('Who wrote the document.'),
      subject: metadataText('What the document is about.'),
      keywords: metadataText('Keywords, separated by commas.'),
      creator: metadataText('The app the original document was made in.'),
      producer: metadataText('The app that made the PDF.'),
    }),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'flatten',
    name: 'Flatten PDF',
    description: 'Fix form fields and annotations into the page so they can no longer be changed.',
    category: 'edit',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: none(),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'edit',
    name: 'Edit PDF',
    description: 'Add text, images, shapes, highlights, comments and stamps, fill in forms and arrange pages in one pass.',
    category: 'edit',
    // The PDF, the images its operations place and the PDFs it inserts (each numbered among its kind).
    accepts: ['pdf', 'jpeg', 'png', 'webp'],
    minFiles: 1,
    maxFiles: 1 + MAX_EDIT_PDF_FILES + MAX_EDIT_IMAGE_FILES,
    options: editOptionsSchema,
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
    editorOnly: true,
  }),
  tool({
    id: 'protect',
    name: 'Protect PDF',
    description: 'Lock a PDF with a password using 256-bit AES encryption.',
    category: 'secure',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      userPassword: password('Password needed to open the PDF.').min(1),
      ownerPassword: password('Needed to change what people may do with the PDF. Leave it empty and a random one is used.').min(1).optional(),
      permissions: z
        .strictObject({
          print: z.boolean().default(true),
          modify: z.boolean().default(true),
          copy: z.boolean().default(true),
          annotate: z.boolean().default(true),
          fillForms: z.boolean().default(true),
          assemble: z.boolean().default(true),
        })
        .prefault({})
        .meta({ description: 'What people who open the PDF may do; everything is allowed unless turned off.' }),
    }),
    output: 'pdf',
    engine: 'qpdf',
    heavy: false,
  }),
  tool({
    id: 'unlock',
    name: 'Unlock PDF',
    description: 'Remove the password from a PDF you know the password of.',
    category: 'secure',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({ password: password('The current password of the PDF.').default('') }),
    output: 'pdf',
    engine: 'qpdf',
    heavy: false,
  }),
  tool({
    id: 'sanitize',
    name: 'Sanitise PDF',
    description: 'Remove scripts, links that open apps or websites, attached files and hidden details from a PDF.',
    category: 'secure',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: none(),
    output: 'pdf',
    engine: 'pdf-lib',
    heavy: false,
  }),
  tool({
    id: 'redact',
    name: 'Redact PDF',
    description: 'Remove text, numbers and areas from a PDF for good, after checking every match in a preview.',
    category: 'secure',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: redactOptionsSchema,
    output: 'pdf',
    engine: 'poppler',
    heavy: true,
  }),
  tool({
    id: 'compare',
    name: 'Compare PDFs',
    description: 'Find what changed between two versions of a PDF, in a report that highlights each difference.',
    category: 'edit',
    accepts: ['pdf'],
    minFiles: 2,
    maxFiles: 2,
    options: none(),
    output: 'report',
    engine: 'poppler',
    heavy: true,
  }),
  tool({
    id: 'html-to-pdf',
    name: 'HTML to PDF',
    description: 'Turn a web page you upload, as an HTML file or a ZIP with its images and styles, into a PDF without reaching the internet.',
    accepts: ['html', 'zip'],
    ...printedByChromium,
  }),
  tool({
    id: 'email-to-pdf',
    name: 'Email to PDF',
    description: 'Turn an email saved as an EML or Outlook MSG file into a PDF with its headers and message, and its attachments carried inside.',
    accepts: ['eml', 'msg'],
    ...printedByChromium,
  }),
  tool({
    id: 'pdf-to-pdfa',
    name: 'PDF to PDF/A',
    description: 'Make a PDF fit for long-term archiving (PDF/A), with its fonts embedded and colours defined, and see which checks it passed.',
    category: 'optimise',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: z.strictObject({
      conformance: z
        .enum(['1b', '2b', '3b'])
        .default('2b')
        .meta({ description: 'PDF/A-2b suits most archives; 1b is for archives that ask for it (no transparency); 3b can keep attached files.' }),
    }),
    output: 'pdf',
    engine: 'qpdf',
    heavy: false,
  }),
  tool({
    id: 'validate-pdfa',
    name: 'Check PDF/A',
    description: 'Check whether a PDF meets the PDF/A archiving rules it claims, in a report of every check passed or failed.',
    category: 'optimise',
    accepts: ['pdf'],
    minFiles: 1,
    maxFiles: 1,
    options: none(),
    output: 'report',
    engine: 'pdf-lib',
    heavy: false,
  }),
] as const;

export type Tool = (typeof TOOLS)[number];
export type ToolId = Tool['id'];
/** Parsed (defaults applied) options of one tool. */
export type ToolOptions<Id extends ToolId> = z.output<Extract<Tool, { id: Id }>['options']>;
/** Options as a caller may send them (defaults optional). */
export type ToolOptionsInput<Id extends ToolId> = z.input<Extract<Tool, { id: Id }>['options']>;

export const TOOL_IDS = TOOLS.map((t) => t.id) as ToolId[];

const byId = new Map<string, Tool>(TOOLS.map((t) => [t.id, t]));

export function isToolId(id: unknown): id is ToolId {
  return typeof id === 'string' && byId.has(id);
}

export function getTool<Id extends ToolId>(id: Id): Extract<Tool, { id: Id }>;
export function getTool(id: string): Tool | undefined;
export function getTool(id: string): Tool | undefined {
  return byId.get(id);
}

/** Tools whose options a generated form can fill in: the tool pages, the catalogue grid and batches. */
export const isFormTool = (tool: ToolDefinition) => !tool.editorOnly;

/** The options of a tool as JSON Schema (what callers may send), for the API and the generated forms. */
export function toolOptionsJsonSchema(id: ToolId): Record<string, unknown> {
  return z.toJSONSchema(byId.get(id)!.options, { io: 'input' }) as Record<string, unknown>;
}
