import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENGINES, INPUT_KINDS, OUTPUT_KINDS, TOOL_CATEGORIES } from './kinds.ts';
import { getTool, isToolId, TOOL_IDS, TOOLS, toolOptionsJsonSchema } from './registry.ts';

const ISSUE_TOOLS = [
  'merge', 'split', 'organize', 'rotate', 'extract-pages', 'remove-pages', 'compress', 'repair', 'image-to-pdf',
  'office-to-pdf', 'pdf-to-image', 'pdf-to-word', 'pdf-to-excel', 'pdf-to-powerpoint', 'pdf-to-text', 'ocr',
  'watermark', 'page-numbers', 'edit-metadata', 'flatten', 'protect', 'unlock', 'sanitize',
  // issue 9
  'edit', 'blank-pdf', 'text-to-pdf',
  // issue 14
  'redact', 'compare',
  'pdf-to-pdfa', 'validate-pdfa', 'html-to-pdf', 'email-to-pdf',
  'header-footer', 'bates', 'n-up', 'crop', 'remove-blank-pages', 'image-watermark', 'add-attachments', 'extract-attachments',
];

describe('tool registry', () => {
  it('declares every tool of issues 4 and 9 once', () => {
    expect([...TOOL_IDS].sort()).toEqual([...ISSUE_TOOLS].sort());
    expect(new Set(TOOL_IDS).size).toBe(TOOLS.length);
  });

  it.each(TOOLS.map((t) => [t.id, t] as const))('%s is well formed', (id, t) => {
    expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(t.name.length).toBeGreaterThan(0);
    expect(t.description).toMatch(/^[A-Z][^.]*\.$/);
    expect(TOOL_CATEGORIES.map((c) => c.id)).toContain(t.category);
    // Only a tool that makes a PDF from nothing (blank-pdf) takes no files, and then it accepts none.
    expect(t.accepts.length > 0).toBe(t.maxFiles > 0);
    for (const kind of t.accepts) expect(Object.keys(INPUT_KINDS)).toContain(kind);
    expect(t.minFiles).toBeGreaterThanOrEqual(t.maxFiles === 0 ? 0 : 1);
    expect(t.maxFiles).toBeGreaterThanOrEqual(t.minFiles);
    expect(OUTPUT_KINDS).toContain(t.output);
    expect(ENGINES).toContain(t.engine);
    expect(getTool(id)).toBe(t);
    expect(isToolId(id)).toBe(true);
  });

  it.each(TOOLS.map((t) => [t.id] as const))('%s options convert to JSON Schema', (id) => {
    const schema = toolOptionsJsonSchema(id);
    expect(schema).toMatchObject({ $schema: expect.any(String) });
    expect(JSON.stringify(schema)).not.toContain('"not":{}');
  });

  it('fills defaults', () => {
    expect(getTool('compress').options.parse({})).toEqual({ level: 'medium', grayscale: false });
    expect(getTool('protect').options.parse({ userPassword: 'x' })).toEqual({
      userPassword: 'x',
      permissions: { print: true, modify: true, copy: true, annotate: true, fillForms: true, assemble: true },
    });
    expect(getTool('split').options.parse({ mode: 'every' })).toEqual({ mode: 'every', every: 1 });
    expect(getTool('pdf-to-image').options.parse({})).toEqual({ format: 'png', dpi: 150 });
  });

  it.each([
    ['pdf-to-image', { dpi: 1e6 }],
    ['pdf-to-image', { dpi: 150.5 }],
    ['watermark', { text: 'x', fontSize: 1e9 }],
    ['watermark', { text: '' }],
    ['watermark', { text: 'x'.repeat(201) }],
    ['watermark', { text: 'two\nlines' }],
    ['page-numbers', { format: 'Page {n}\t{total}' }],
    ['merge', { rotations: [45] }],
    ['merge', { rotations: Array.from({ length: 201 }, () => 90) }],
    ['extract-pages', { pages: '1-999999999' }],
    ['extract-pages', { pages: 'all' }],
    ['split', { mode: 'ranges' }],
    ['split', { mode: 'every', every: 0 }],
    ['rotate', { angle: 45 }],
    ['page-numbers', { format: 'no placeholder' }],
    ['page-numbers', { startAt: -1 }],
    ['image-to-pdf', { margin: 1000 }],
    ['protect', { userPassword: '' }],
    ['protect', { userPassword: 'a\nb' }],
    ['edit-metadata', { title: 'x'.repeat(501) }],
    ['ocr', { language: 'klingon' }],
    ['merge', { unexpected: true }],
    ['header-footer', { topLeft: 'two\nlines' }],
    ['header-footer', { topLeft: 'x', fontSize: 1e6 }],
    ['bates', { digits: 0 }],
    ['bates', { start: 1e10 }],
    ['n-up', { pagesPerSheet: 3 }],
    ['crop', { cropTo: 'margins', top: -1 }],
    ['crop', { cropTo: 'box', x: 0, y: 0, width: 0, height: 10 }],
    ['crop', { cropTo: 'content', padding: 1000 }],
    ['remove-blank-pages', { threshold: 50 }],
    ['image-watermark', { opacity: 0 }],
    ['image-watermark', { position: 'middle' }],
    ['add-attachments', { names: ['x'] }],
    ['redact', { patterns: ['(a+)+b'] }],
    ['redact', { presets: ['passport'] }],
    ['redact', { areas: [{ page: 0, x: 0, y: 0, width: 10, height: 10 }] }],
    ['redact', { text: ['two\nlines'] }],
  ])('%s refuses %j', (id, options) => {
    expect(getTool(id)!.options.safeParse(options).success).toBe(false);
  });

  it('accepts the option shapes the issue gives', () => {
    const ok: [string, unknown][] = [
      ['split', { mode: 'ranges', ranges: '1-2,3,4-5' }],
      ['split', { mode: 'every', every: 3 }],
      ['organize', { order: '3,1,4' }],
      ['rotate', { angle: 270, pages: '1-2' }],
      ['watermark', { text: 'CONFIDENTIAL – draft', opacity: 0.5, angle: 30, fontSize: 60, position: 'tiled' }],
      ['page-numbers', { position: 'bottom-right', startAt: 3, format: 'Page {n} of {total}' }],
      ['watermark', { text: '水印 وثيقة سرية ਗੁਪਤ Εμπιστευτικό Tài liệu mật' }],
      ['page-numbers', { format: 'صفحة {n} من {total}' }],
      ['protect', { userPassword: 'open', ownerPassword: 'owner', permissions: { print: false } }],
      ['unlock', { password: 'secret' }],
      ['ocr', { language: 'chi_tra' }],
      ['redact', { areas: [{ page: 1, x: 72, y: 700, width: 200, height: 20 }], text: ['Project Kestrel'], patterns: ['INV-\\d{6}'], presets: ['tfn', 'medicare', 'abn', 'acn', 'bsb', 'account', 'phone', 'email'] }],
      ['compare', {}],
      ['pdf-to-pdfa', { conformance: '1b' }],
      ['validate-pdfa', {}],
      ['header-footer', { topLeft: '{filename}', bottomCenter: 'Page {n} of {total}', topRight: '{date}', margin: 5, pages: '2-' }],
      ['bates', { prefix: 'ABC', start: 1, digits: 6 }],
      ['bates', { prefix: 'ABC', start: 1, digits: 6, position: 'top-left' }],
      ['n-up', { pagesPerSheet: 9 }],
      ['crop', { cropTo: 'margins', top: 10, left: 5, pages: '1-3' }],
      ['crop', { cropTo: 'box', x: 10, y: 10, width: 100, height: 150 }],
      ['crop', { cropTo: 'content' }],
      ['image-watermark', { opacity: 0.4, scale: 20, position: 'bottom-right', tiled: true, pages: '1' }],
    ];
    for (const [id, options] of ok) expect(getTool(id)!.options.safeParse(options).error).toBeUndefined();
  });

  it('JSON Schema carries bounds and defaults', () => {
    const schema = toolOptionsJsonSchema('pdf-to-image') as { properties: Record<string, Record<string, unknown>> };
    expect(schema.properties.dpi).toMatchObject({ minimum: 72, maximum: 300, default: 150 });
    expect(z.toJSONSchema(getTool('split').options)).toHaveProperty('oneOf');
  });
});
