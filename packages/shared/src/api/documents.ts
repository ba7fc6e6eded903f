import { z } from 'zod';
import { apiComponents, pageOf, timestamp } from './components.ts';

/**
 * A pdf_files row as the API shows it: the spec's snake_case fields plus what the content check found.
 * Never its storage path (`file_path` holds the owner's id): the id is how a client names a document.
 */
export const documentSchema = z
  .strictObject({
    id: z.uuid(),
    filename: z.string(),
    file_size: z.int().nonnegative(),
    uploaded_at: timestamp(),
    deleted: z.boolean(),
    page_count: z.int().nullable(),
    encrypted: z.boolean(),
    version: z.int().positive().meta({ description: 'The current version: 1 for the original upload, one more for each saved edit or restore.' }),
    updated_at: timestamp().meta({ description: 'When the current version was made.' }),
    link_count: z.int().nonnegative().meta({ description: 'Its share links that still open it.' }),
  })
  .register(apiComponents, { id: 'Document' });

export type DocumentItem = z.infer<typeof documentSchema>;

/** `POST /api/documents/:id/versions`: the output of one of the caller's finished jobs becomes the new current version. */
export const saveDocumentVersionSchema = z.strictObject({
  outputId: z.uuid().meta({ description: 'A PDF output of a job of yours that has not expired.' }),
});

export type SaveDocumentVersion = z.infer<typeof saveDocumentVersionSchema>;

export const documentVersionSchema = z
  .strictObject({
    version: z.int().positive(),
    file_size: z.int().nonnegative(),
    page_count: z.int().nullable(),
    created_at: timestamp(),
    current: z.boolean(),
  })
  .register(apiComponents, { id: 'DocumentVersion' });

export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/** `GET /api/documents/:id/versions`: newest first. */
export const documentVersionListSchema = z.strictObject({ items: z.array(documentVersionSchema) });

export type DocumentVersionList = z.infer<typeof documentVersionListSchema>;

/** `GET /api/documents`: one page of the account's PDFs, newest first unless `sort` and `order` say otherwise. */
export const documentPageSchema = pageOf(documentSchema).register(apiComponents, { id: 'DocumentPage' });

/** `POST /api/v1/documents` (and the dashboard's upload): one PDF a request, as multipart. */
export const documentUploadSchema = z
  .object({ file: z.string().meta({ format: 'binary', description: 'The PDF; its content, not its name, decides that it is one.' }) })
  .register(apiComponents, { id: 'DocumentUpload' });

/** The columns My Documents sorts by, each backed by an index over the account's live files. */
export const DOCUMENT_SORTS = ['date', 'name', 'size', 'pages'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

export const documentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().max(255).optional(),
  sort: z.enum(DOCUMENT_SORTS).default('date').meta({ description: 'date: upload time; name: A–Z ignoring case; pages: unknown page counts come last going up, first going down.' }),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

/** The most documents one ZIP download takes: a page of selections many times over, and a bounded stream. */
export const MAX_DOCUMENTS_PER_ZIP = 100;

/** `GET /api/documents/zip?ids=a,b`: the caller's documents, streamed as one ZIP. */
export const documentsZipQuerySchema = z.object({
  ids: z
    .string()
    .transform((ids) => [...new Set(ids.split(',').filter(Boolean))])
    .pipe(z.array(z.uuid()).min(1).max(MAX_DOCUMENTS_PER_ZIP)),
});

export type DocumentPage = z.infer<typeof documentPageSchema>;

/** The usage_statistics row (spec section 3): `GET /api/usage`. */
export const usageSchema = z.strictObject({
  pdfs_processed: z.int().nonnegative(),
  storage_used: z.int().nonnegative(),
  storage_limit: z.int().nonnegative(),
});

export type Usage = z.infer<typeof usageSchema>;
