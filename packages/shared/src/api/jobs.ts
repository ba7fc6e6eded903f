import { z } from 'zod';
import { apiComponents, pageOf, timestamp } from './components.ts';
import { documentSchema } from './documents.ts';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export function isFinished(status: JobStatus): boolean {
  return status === 'succeeded' || status === 'failed';
}

export const jobOutputSchema = z
  .strictObject({
    id: z.uuid(),
    filename: z.string(),
    contentType: z.string(),
    size: z.int().nonnegative(),
    pages: z.int().nullable(),
    notes: z
      .array(z.strictObject({ code: z.string(), message: z.string() }))
      .meta({ description: "What changed beyond the tool's purpose, e.g. PDFA_NOT_KEPT: the result is no longer PDF/A." }),
    downloadUrl: z.string().meta({ description: 'Relative and signed: works without cookies until expiresAt.' }),
    expiresAt: timestamp(),
  })
  .register(apiComponents, { id: 'Output' });

export type JobOutput = z.infer<typeof jobOutputSchema>;

/** What a job and a batch both report: their tool, where they are, and when they expire. */
const workFields = {
  id: z.uuid(),
  tool: z.string(),
  status: jobStatusSchema,
  progress: z.int().min(0).max(100),
  createdAt: timestamp(),
  finishedAt: timestamp().nullable(),
  expiresAt: timestamp(),
};

/** Options that passed the schema but not the document, every field named (at most 50, as a request's are). */
const jobErrorDetailsSchema = z
  .strictObject({ fieldErrors: z.record(z.string(), z.array(z.string())) })
  .meta({ description: 'For VALIDATION_FAILED: { fieldErrors: { "options.operations.3.page": string[] } }.' });

export type JobErrorDetails = z.infer<typeof jobErrorDetailsSchema>;

export const jobSchema = z
  .strictObject({
    ...workFields,
    batchId: z.uuid().nullable(),
    inputs: z.array(z.strictObject({ filename: z.string(), size: z.int().nonnegative() })),
    error: z
      .strictObject({
        code: z.string().meta({ description: 'An error catalogue code, e.g. PDF_ENCRYPTED or ENGINE_TIMEOUT.' }),
        message: z.string(),
        details: jobErrorDetailsSchema.optional(),
      })
      .optional()
      .meta({ description: 'Only when failed.' }),
    outputs: z.array(jobOutputSchema),
  })
  .register(apiComponents, { id: 'Job' });

export type Job = z.infer<typeof jobSchema>;

const count = z.int().nonnegative();

export const batchSchema = z
  .strictObject({
    ...workFields,
    status: jobStatusSchema.meta({ description: 'succeeded: every job finished and at least one succeeded.' }),
    counts: z.strictObject({ total: count, queued: count, running: count, succeeded: count, failed: count }),
    jobs: z.array(jobSchema),
    zipUrl: z.string(),
  })
  .register(apiComponents, { id: 'Batch' });

export type Batch = z.infer<typeof batchSchema>;

/** An output as the Downloads list gives it: with its job, and the document it was saved as. */
export const listedOutputSchema = jobOutputSchema
  .extend({
    jobId: z.uuid(),
    tool: z.string(),
    createdAt: timestamp(),
    savedDocumentId: z.uuid().nullable(),
  })
  .register(apiComponents, { id: 'ListedOutput' });

export type ListedOutput = z.infer<typeof listedOutputSchema>;

/** `GET /api/v1/outputs?page=&pageSize=`: one page of the caller's unexpired outputs, newest first. */
export const outputListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const outputListSchema = pageOf(listedOutputSchema).register(apiComponents, { id: 'OutputList' });

export type OutputList = z.infer<typeof outputListSchema>;

/** Save to My Documents: the document the output was (or already had been) saved as. */
export const savedOutputSchema = z.strictObject({ document: documentSchema }).register(apiComponents, { id: 'SavedOutput' });

export type SavedOutput = z.infer<typeof savedOutputSchema>;
