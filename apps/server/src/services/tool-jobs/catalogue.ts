import { INPUT_KINDS, toolOptionsJsonSchema, type Tool } from '@wattle/shared';
import type { Ports } from '../../ports.ts';
import { toolAvailable } from './admission.ts';
import { batchable } from './submission-form.ts';

const schemas = new Map<string, Record<string, unknown>>();
/** A tool's options as JSON Schema. The registry never changes at run time: each schema is generated once. */
export function optionsSchema(tool: Tool): Record<string, unknown> {
  let schema = schemas.get(tool.id);
  if (!schema) schemas.set(tool.id, (schema = toolOptionsJsonSchema(tool.id)));
  return schema;
}

/** A tool as the API shows it: the registry's data, its options as JSON Schema, and whether it can run here. */
export function toolView(container: Pick<Ports, 'engines'>, tool: Tool) {
  return {
    id: tool.id,
    name: tool.name,
    description: tool.description,
    category: tool.category,
    accepts: [...tool.accepts],
    acceptMime: [...new Set(tool.accepts.map((k) => INPUT_KINDS[k].mime))],
    acceptExtensions: tool.accepts.flatMap((k) => INPUT_KINDS[k].extensions),
    minFiles: tool.minFiles,
    maxFiles: tool.maxFiles,
    output: tool.output,
    engine: tool.engine,
    available: toolAvailable(container, tool),
    batchable: batchable(tool),
    options: optionsSchema(tool),
  };
}
