import { describe, expect, it } from 'vitest';
import { EDIT_EXAMPLE, editOptionsSchema, MAX_EDIT_IMAGE_BYTES, MAX_EDIT_IMAGE_FILES, MAX_EDIT_OPERATIONS } from './edit-operations.ts';
import { toolOptionsJsonSchema } from './registry.ts';

const paths = (input: unknown) => {
  const result = editOptionsSchema.safeParse(input);
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
};
const whiteout = { type: 'whiteout', page: 1, x: 0, y: 0, width: 10, height: 10 };
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('the operations document', () => {
  it('accepts the documented example and fills in defaults', () => {
    const parsed = editOptionsSchema.parse(EDIT_EXAMPLE);
    expect(parsed.operations[0]).toMatchObject({ type: 'text', font: 'sans', align: 'left', italic: false, opacity: 1 });
    expect(parsed.operations[2]).toMatchObject({ type: 'highlight', color: '#FFEB3B' });
    expect(editOptionsSchema.parse({ operations: [whiteout] }).version).toBe(1);
  });

  it('refuses malformed operations with the path of the field', () => {
    expect(paths({ operations: [{ type: 'sparkles', page: 1 }] })).toEqual(['operations.0.type']);
    expect(paths({ version: 2, operations: [whiteout] })).toEqual(['version']);
    expect(paths({ operations: [] })).toEqual(['operations']);
    expect(paths({ operations: [{ ...whiteout, extra: true }] })).toEqual(['operations.0']);
    expect(paths({ operations: [{ type: 'text', page: 0, x: 0, y: 0, text: '', color: 'red' }] })).toEqual(['operations.0.page', 'operations.0.text', 'operations.0.color']);
    expect(paths({ operations: [{ type: 'stamp', page: 1, mark: 'date', x: 0, y: 0 }] })).toEqual(['operations.0.date']);
    expect(paths({ operations: [{ type: 'stamp', page: 1, mark: 'date', x: 0, y: 0, date: '2026-11-24' }] })).toEqual(['operations.0.date']);
    expect(paths({ operations: [{ type: 'rotate-page', page: 1, angle: 45 }] })).toEqual(['operations.0.angle']);
  });

  it('bounds every number', () => {
    expect(paths({ operations: [{ ...whiteout, x: 1e9, width: -1 }] })).toEqual(['operations.0.x', 'operations.0.width']);
    expect(paths({ operations: [{ type: 'text', page: 1, x: 0, y: 0, text: 'x', size: 1e6 }] })).toEqual(['operations.0.size']);
    expect(paths({ operations: [{ type: 'ellipse', page: 1, x: 0, y: 0, width: 10, height: 10, opacity: 2, strokeWidth: 1e4 }] })).toEqual([
      'operations.0.strokeWidth',
      'operations.0.opacity',
    ]);
  });

  it('accepts only JPEG, PNG and WebP images, each and all together bounded', () => {
    const image = (data: string) => ({ type: 'image', page: 1, x: 0, y: 0, width: 10, height: 10, data });
    expect(paths({ operations: [image(PNG_1PX)] })).toEqual([]);
    expect(paths({ operations: [image(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1').toString('base64'))] })).toEqual([]);
    expect(paths({ operations: [image(Buffer.from('GIF89a....').toString('base64'))] })).toEqual(['operations.0.data']);
    expect(paths({ operations: [image('not base64!')] })).toEqual(['operations.0.data']);
    const big = `iVBORw0KGgo${'A'.repeat(Math.ceil(MAX_EDIT_IMAGE_BYTES / 3) * 4 + 4 - 11)}`; // one group over
    expect(paths({ operations: [image(big)] })).toEqual(['operations.0.data']);
    const large = `iVBORw0KGgo${'A'.repeat(4 * 1024 * 1024 - 11)}`; // 3 MiB each: seven are over the total
    expect(paths({ operations: Array.from({ length: 7 }, () => image(large)) })).toEqual(['operations']);
  });

  it('takes an image as base64 data or as the number of an attached image file, exactly one of them', () => {
    const image = { type: 'image', page: 1, x: 0, y: 0, width: 10, height: 10 };
    expect(paths({ operations: [{ ...image, file: 1 }, { ...image, file: MAX_EDIT_IMAGE_FILES }] })).toEqual([]);
    expect(paths({ operations: [{ ...image, file: 0 }] })).toEqual(['operations.0.file']);
    expect(paths({ operations: [{ ...image, file: MAX_EDIT_IMAGE_FILES + 1 }] })).toEqual(['operations.0.file']);
    expect(paths({ operations: [{ ...image, file: 1.5 }] })).toEqual(['operations.0.file']);
    expect(paths({ operations: [image] })).toEqual(['operations.0.file']);
    expect(paths({ operations: [{ ...image, file: 1, data: PNG_1PX }] })).toEqual(['operations.0.file']);
  });

  it('refuses an absurdly large document', () => {
    expect(paths({ operations: Array.from({ length: MAX_EDIT_OPERATIONS + 1 }, () => whiteout) })).toEqual(['operations']);
    const stroke = Array.from({ length: 5000 }, (_, i) => ({ x: i % 500, y: 1 }));
    expect(paths({ operations: Array.from({ length: 11 }, () => ({ type: 'ink', page: 1, strokes: [stroke] })) })).toEqual(['operations']);
  });

  it('is the edit tool’s options, as JSON Schema with the example the API documents', () => {
    const schema = toolOptionsJsonSchema('edit') as { examples?: unknown[]; properties: Record<string, unknown> };
    expect(schema.examples).toEqual([EDIT_EXAMPLE]);
    expect(Object.keys(schema.properties)).toEqual(['version', 'operations']);
    expect(JSON.stringify(schema)).toContain('"rotate-page"');
  });
});
