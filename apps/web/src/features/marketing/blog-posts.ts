import { formatBytes, getTool, OCR_LANGUAGES, PLAN_LIMITS, type ToolId } from '@wattle/shared';

const { visitor, free } = PLAN_LIMITS;
/** How many files one merge takes, without an account and with one: the tool's own limit and the plan's. */
const mergeFiles = (plan: typeof visitor) => Math.min(getTool('merge').maxFiles, plan.filesPerJob);

/**
 * The blog's articles, newest first. Every claim here must be true of the product today: check the tool
 * registry (packages/shared), the retention settings and the Privacy Policy before changing a sentence.
 */

/** One block of an article's body, in reading order. */
export type BlogBlock = { heading: string } | { paragraph: string } | { steps: string[] } | { points: string[] };

export interface BlogPost {
  slug: string;
  title: string;
  summary: string;
  /** ISO date (YYYY-MM-DD), shown as DD/MM/YYYY. */
  published: string;
  body: BlogBlock[];
  /** The tools the article talks about, linked at its end. */
  tools: ToolId[];
  /** Site pages worth reading next, as [title, href]. */
  related?: [title: string, href: string][];
}

const ocrLanguageNames = OCR_LANGUAGES.map((language) => language.name);

export const BLOG_POSTS: BlogPost[] = [
  {
    slug: 'make-a-pdf-smaller-for-email',
    title: 'How to make a PDF small enough to email',
    summary: 'Most oversized PDFs are big because of the pictures inside them. Here is how to shrink one with Compress PDF, and what to do when it is still too large.',
    published: '2026-11-24',
    body: [
      { paragraph: 'Many email services refuse attachments over about 20 to 25 MB, and a scanned contract or a photo-heavy report can pass that easily. Nearly all of that size is images: the text of a 30-page document usually takes up less room than a single photo.' },
      { heading: 'Compress a PDF in four steps' },
      {
        steps: [
          'Open Compress PDF from the PDF Tools menu. You do not need an account.',
          'Drop your PDF onto the page, or choose it from your device.',
          'Pick a level: low keeps the most detail, high makes the smallest file, and medium (the default) sits in between. Tick the grey option as well if colour does not matter, such as for a signed form.',
          'Run the tool and download the result.',
        ],
      },
      { heading: 'What the tool does to your file' },
      { paragraph: 'Compress PDF lowers the resolution of the images inside the PDF and re-saves them more efficiently. Text, links and the page layout are left as they are. If the smaller version would not actually be smaller, you get your original file back, so the tool never makes a PDF bigger.' },
      { paragraph: 'A PDF that is mostly text will not shrink much, because there is little image data to work on. That is normal, and usually means the file was already small.' },
      { heading: 'Still too big?' },
      {
        points: [
          'Split PDF cuts the document into parts, by page ranges or every few pages, so you can send it in several emails.',
          'Remove pages drops pages the recipient does not need, such as blank backs of scanned sheets.',
          `Without an account you can compress files of up to ${formatBytes(visitor.fileBytes)} and ${visitor.pages} pages; a free account raises that to ${formatBytes(free.fileBytes)} and ${free.pages} pages.`,
        ],
      },
    ],
    tools: ['compress', 'split', 'remove-pages'],
  },
  {
    slug: 'merge-pdfs-and-put-pages-in-order',
    title: 'How to merge PDFs and put every page in the right order',
    summary: 'Combine invoices, statements or chapters into one PDF, then reorder, turn or remove pages until the document reads the way you want.',
    published: '2026-11-24',
    body: [
      { paragraph: 'Putting several PDFs together is a two-part job: first combine the files, then tidy the pages. Wattle PDF has a tool for each part, and each one works without an account.' },
      { heading: 'Combine the files' },
      {
        steps: [
          `Open Merge PDF and add between ${getTool('merge').minFiles} and ${mergeFiles(visitor)} PDFs (${mergeFiles(free)} with a free account).`,
          'Put the files in the order they should appear. The merged PDF follows that order exactly.',
          'Run the tool and download the combined PDF.',
        ],
      },
      { heading: 'Put the pages in order' },
      { paragraph: 'Organise pages takes one list: the pages of the new document, in order. For a 6-page file, "2,1,3-6" swaps the first two pages. Pages you leave out are removed, a page you list twice is copied, and a range written backwards, such as "6-1", reverses those pages. You can also drag the page thumbnails into place instead of typing the list.' },
      {
        points: [
          'Rotate PDF turns all pages, or only the ones you list, by 90, 180 or 270 degrees clockwise: handy for scans fed in sideways.',
          'Remove pages deletes the pages you list and keeps the rest; Extract pages does the opposite and keeps only the pages you list.',
          'Add page numbers last, so the numbers follow the final order.',
        ],
      },
    ],
    tools: ['merge', 'organize', 'rotate', 'remove-pages', 'extract-pages', 'page-numbers'],
  },
  {
    slug: 'make-scanned-pdfs-searchable-with-ocr',
    title: 'Make a scanned PDF searchable with OCR',
    summary: 'A scan is a picture of text, so you cannot search it or copy from it. OCR PDF recognises the words and adds them to the file.',
    published: '2026-11-24',
    body: [
      { paragraph: 'When you scan a letter or take a photo of a receipt, the PDF holds an image of the page. It looks like text, but your PDF reader sees only pixels: search finds nothing and you cannot copy a sentence. Optical character recognition (OCR) reads the words on the image and stores them in the PDF behind the picture.' },
      { heading: 'Recognise the text' },
      {
        steps: [
          'Open OCR PDF and drop in the scanned PDF. If you have photos rather than a PDF, turn them into one first with Image to PDF.',
          'Choose the language of the text on the pages.',
          'Run the tool and download the searchable PDF. The pages look the same as before.',
        ],
      },
      { paragraph: `OCR PDF reads ${ocrLanguageNames.slice(0, -1).join(', ')} and ${ocrLanguageNames.at(-1)}: English and some of the languages most spoken in Australian homes.` },
      { heading: 'Getting good results' },
      {
        points: [
          'Clear, straight scans recognise best. Turn sideways pages upright with Rotate PDF before you run OCR.',
          'Handwriting is not recognised reliably; printed text is.',
          'To take the recognised words elsewhere, run PDF to text or PDF to Word on the searchable PDF.',
        ],
      },
    ],
    tools: ['ocr', 'image-to-pdf', 'rotate', 'pdf-to-text'],
  },
  {
    slug: 'how-long-we-keep-your-files',
    title: 'How long we keep your files, and how to keep the ones you need',
    summary: 'Files you run through our tools are deleted automatically. Here is exactly when, and how account holders keep a result for good.',
    published: '2026-11-24',
    body: [
      { paragraph: 'Documents often carry tax file numbers, bank details and signatures, so we do not hold on to them any longer than the job needs. Every tool page tells you how long your files will be kept before you start.' },
      { heading: 'When files are deleted' },
      {
        points: [
          'Without an account, the files you upload to a tool and the results it makes are deleted automatically 1 hour after you run it.',
          'With an account, tool uploads and results are deleted automatically after 24 hours, which leaves time to come back for a download.',
          'Documents you keep in My Documents stay until you delete them. A deleted document disappears from your account straight away and is purged permanently after a short grace period.',
        ],
      },
      { heading: 'Keeping a result' },
      { paragraph: `If you have an account, choose "Save to My Documents" next to a result to keep it. It then counts towards your storage (${formatBytes(free.storageBytes)} on a free account) and stays until you delete it. Otherwise, download the result before it is deleted.` },
      { paragraph: 'The Privacy Policy sets out what we keep about your account itself, and for how long.' },
    ],
    tools: [],
    related: [
      ['Privacy Policy', '/privacy-policy'],
      ['Security', '/security'],
    ],
  },
  {
    slug: 'your-documents-stay-in-australia',
    title: 'Your documents stay in Australia',
    summary: 'Where your files are processed and stored, who can reach them, and the Australian privacy laws we work under.',
    published: '2026-11-24',
    body: [
      { paragraph: 'Many Australian organisations promise their clients that documents will not leave the country. Accountants, lawyers and health practices often cannot use an online tool unless they know where the files go. Here is where yours go with Wattle PDF.' },
      { heading: 'Processed and stored in Australia' },
      { paragraph: 'Your account information and documents are stored and processed on servers located in Australia. We do not send your documents overseas for processing.' },
      { heading: 'Isolated while they are worked on' },
      { paragraph: 'Each job runs in its own temporary workspace with time and size limits, and the workspace is removed when the job finishes. The programs that convert documents have no internet access, so nothing inside a document can make them contact another site.' },
      { heading: 'Private to you' },
      { paragraph: 'Every document, job and download is tied to its owner. Nobody else can open it unless you share it, with a team you work in or through a share link you make, and an address that belongs to someone else answers as if it did not exist.' },
      { heading: 'The law we work under' },
      { paragraph: 'We handle personal information under the Privacy Act 1988 (Cth) and the Australian Privacy Principles. If a data breach is likely to cause serious harm, we will tell the people affected and the Office of the Australian Information Commissioner, as the Notifiable Data Breaches scheme requires.' },
    ],
    tools: ['protect', 'sanitize'],
    related: [
      ['Privacy Policy', '/privacy-policy'],
      ['Security', '/security'],
      ['Compliance', '/compliance'],
    ],
  },
];

export function findBlogPost(slug: string | undefined): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}

/** "2026-11-24" → "24/11/2026". */
export function formatPublished(isoDate: string): string {
  return isoDate.split('-').reverse().join('/');
}
