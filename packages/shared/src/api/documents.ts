import { z } from 'zod';
import { apiComponents, timestamp } from './components.ts';

/** A pdf_files row as the API shows it: the spec's snake_case fields plus what the content check found. */
export const documentSchema = z
  .strictObject({
    id: z.uuid(),
    filename: z.string(),
    file_path: z.string(),
    file_size: z.int().nonnegative(),
    uploaded_at: timestamp(),
    deleted: z.boolean(),
    page_count: z.int().nullable(),
    encrypted: z.boolean(),
  })
  .register(apiComponents, { id: 'Document' });

export type DocumentItem = z.infer<typeof documentSchema>;

/** `GET /api/documents`: one page of the account's PDFs, newest first. */
export const documentPageSchema = z.strictObject({
  items: z.array(documentSchema),
  total: z.int().nonnegative(),
  page: z.int().positive(),
  pageSize: z.int().positive(),
});

export type DocumentPage = z.infer<typeof documentPageSchema>;

/** The usage_statistics row (spec section 3): `GET /api/usage`. */
export const usageSchema = z.strictObject({
  pdfs_processed: z.int().nonnegative(),
  storage_used: z.int().nonnegative(),
  storage_limit: z.int().nonnegative(),
});

export type Usage = z.infer<typeof usageSchema>;
