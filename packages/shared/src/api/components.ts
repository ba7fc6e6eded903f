import { z } from 'zod';

/**
 * The API's named shapes. A schema registered here becomes `components.schemas.<id>` of the OpenAPI
 * document, and other registered schemas refer to it by `$ref` instead of repeating it.
 */
export const apiComponents = z.registry<{ id: string; description?: string }>();

/** Timestamps are always UTC ISO 8601, as `Date.toISOString()` writes them. */
export const timestamp = () => z.iso.datetime();
