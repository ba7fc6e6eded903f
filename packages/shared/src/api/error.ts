import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from '../errors.ts';
import { apiComponents } from './components.ts';

/** The one error envelope every failed request answers with. */
export const errorBodySchema = z
  .strictObject({
    error: z.strictObject({
      code: z.enum(Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]]),
      message: z.string().meta({ description: 'Safe to show to a person.' }),
      requestId: z.string().optional(),
      details: z.unknown().optional().meta({ description: 'For VALIDATION_FAILED: { fieldErrors: { "<field>": string[] } }.' }),
    }),
  })
  .register(apiComponents, { id: 'Error' });

export type ErrorBody = z.infer<typeof errorBodySchema>;
