import { redactOptionsSchema, type RedactPreviewResponse } from '@wattle/shared';
import { createContext, type ToolInput } from '../context.ts';
import { detectEngines, missingEngines } from '../engines.ts';
import { EngineError, isEngineError } from '../errors.ts';
import { withJobDir } from '../job-dir.ts';
import { DEFAULT_LIMITS, type EngineLimits } from '../limits.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { openPrepared } from '../pdf/write.ts';
import { planRedaction } from './redact.ts';

/** The preview lists this many matches at most; the redaction itself takes them all. */
const MAX_LISTED = 1000;

/**
 * What a redaction with these options would remove, before anything is removed: every match on the
 * pages, with its boxes, so the person can untick the ones to keep (the page then sends the ticked
 * matches' boxes as areas).
 */
export async function previewRedactions(params: {
  input: ToolInput;
  options: unknown;
  workDir: string;
  limits?: Partial<EngineLimits>;
  signal?: AbortSignal;
}): Promise<RedactPreviewResponse> {
  const parsed = redactOptionsSchema.safeParse(params.options ?? {});
  if (!parsed.success) {
    throw new EngineError('VALIDATION_FAILED', 'Some options are not valid.', { fields: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
  }
  const missing = missingEngines('redact', await detectEngines());
  if (missing.length > 0) throw new EngineError('ENGINE_UNAVAILABLE', 'This tool is not available right now.', { missing });
  return withJobDir(params.workDir, async (dir) => {
    const ctx = createContext({ dir, outputDir: dir, limits: { ...DEFAULT_LIMITS, ...params.limits }, signal: params.signal });
    try {
      const pdf = await preparePdf(ctx, params.input);
      const plan = await planRedaction(ctx, pdf, await openPrepared(pdf), parsed.data);
      return { pages: pdf.pages, matches: plan.matches.slice(0, MAX_LISTED), truncated: plan.matches.length > MAX_LISTED };
    } catch (error) {
      if (params.signal?.aborted || isEngineError(error)) throw error;
      throw new EngineError('PDF_CORRUPT', 'This PDF is damaged and could not be read.', undefined, { cause: error });
    }
  });
}
