import { z } from 'zod';
import { EXPORT_QUALITY } from '../tools/account-defaults.ts';
import { ENGINES, INPUT_KINDS, OUTPUT_KINDS, TOOL_CATEGORIES, type InputKind } from '../tools/kinds.ts';
import { isUuid } from '../ids.ts';
import { TOOL_IDS, TOOLS, type ToolId } from '../tools/registry.ts';
import { EXPORT_QUALITIES } from '../validation.ts';
import { apiComponents } from './components.ts';

const toolId = z.enum(TOOL_IDS as [ToolId, ...ToolId[]]);

/** The caller's limits: visitors get smaller ones than account holders. */
export const toolLimitsSchema = z
  .strictObject({
    maxFileBytes: z.int().positive(),
    maxTotalBytes: z.int().positive(),
    maxPages: z.int().positive(),
    jobsPerHour: z.int().positive(),
    retentionMinutes: z.int().positive(),
  })
  .register(apiComponents, { id: 'Limits', description: "The caller's limits: visitors get smaller ones than account holders." });

export type ToolLimits = z.infer<typeof toolLimitsSchema>;

/** A tool as the API shows it: the registry's data, its options as JSON Schema, and whether it can run here. */
export const toolViewSchema = z
  .strictObject({
    id: toolId,
    name: z.string(),
    description: z.string(),
    category: z.enum(TOOL_CATEGORIES.map((c) => c.id)),
    accepts: z.array(z.enum(Object.keys(INPUT_KINDS) as [InputKind, ...InputKind[]])).meta({ description: 'Decided by the content, not the name.' }),
    acceptMime: z.array(z.string()),
    acceptExtensions: z.array(z.string()),
    minFiles: z.int().nonnegative(),
    maxFiles: z.int().nonnegative().meta({ description: '0 for tools that make a PDF from nothing (blank-pdf).' }),
    output: z.enum(OUTPUT_KINDS),
    engine: z.enum(ENGINES),
    available: z.boolean().meta({ description: 'False when the engine is missing: jobs answer ENGINE_UNAVAILABLE.' }),
    batchable: z.boolean(),
    options: z
      .record(z.string(), z.unknown())
      .meta({ description: "JSON Schema of the tool's options (also under components.schemas.ToolOptions_<id>)." }),
  })
  .register(apiComponents, { id: 'Tool' });

export type ToolView = z.infer<typeof toolViewSchema>;

/** `GET /api/v1/tools`: the registry, with the caller's limits. */
export const toolsCatalogueSchema = z
  .strictObject({
    categories: z.array(z.strictObject({ id: z.string(), name: z.string() })),
    limits: toolLimitsSchema,
    tools: z.array(toolViewSchema),
  })
  .register(apiComponents, { id: 'ToolCatalogue' });

export type ToolsCatalogue = z.infer<typeof toolsCatalogueSchema>;

/** The component holding a tool's options schema (generated from the registry by the OpenAPI route). */
export const toolOptionsComponent = (id: ToolId) => `ToolOptions_${id}`;

/** The most stored documents one submission may name. */
export const MAX_SUBMITTED_FILE_IDS = 100;

/** `fileIds` (and `outputIds`) of a submission: JSON text of stored document (output) ids, after the uploaded files. */
export const submittedFileIdsSchema = z.array(z.string().refine(isUuid).meta({ format: 'uuid' })).max(MAX_SUBMITTED_FILE_IDS);
const { $schema: _dialect, ...submittedFileIdsJsonSchema } = z.toJSONSchema(submittedFileIdsSchema);

/** The shared account-defaults table in words, so the API document cannot drift from it. */
const accountDefaultsText = [
  ...EXPORT_QUALITIES.map((quality) => {
    const { compressLevel, pageImageDpi } = EXPORT_QUALITY[quality];
    return `pdf_export_quality ${quality} gives compress level ${compressLevel} and pdf-to-image dpi ${pageImageDpi}`;
  }),
  'preferred_page_size gives image-to-pdf its pageSize',
].join('; ');

/**
 * The multipart form that creates a job or a batch. The server reads it as a stream (files are never
 * buffered whole), so this schema describes the form rather than validating it in one go.
 */
export const toolSubmissionSchema = z
  .object({
    tool: toolId.meta({ description: 'Send before the files.' }),
    options: z.string().optional().meta({
      contentMediaType: 'application/json',
      contentSchema: { oneOf: TOOLS.map((tool) => ({ $ref: `#/components/schemas/${toolOptionsComponent(tool.id)}` })) },
      description: `JSON text of the chosen tool's options (ToolOptions_<tool>). An option left out takes its default, except that an account holder's PDF settings come first: ${accountDefaultsText}.`,
    }),
    files: z
      .array(z.string().meta({ format: 'binary' }))
      .optional()
      .meta({ description: 'In order; the content decides the type.' }),
    fileIds: z.string().optional().meta({
      contentMediaType: 'application/json',
      contentSchema: submittedFileIdsJsonSchema,
      description: "JSON array of the account's stored document ids (after the uploaded files).",
    }),
    outputIds: z.string().optional().meta({
      contentMediaType: 'application/json',
      contentSchema: submittedFileIdsJsonSchema,
      description:
        "JSON array of ids of the caller's own unexpired outputs (after the stored documents), to run another tool on a result without downloading and uploading it; visitors may send them too. Another caller's output answers 404.",
    }),
  })
  .register(apiComponents, { id: 'ToolSubmission' });
