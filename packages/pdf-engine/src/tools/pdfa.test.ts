import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFName } from '@cantoo/pdf-lib';
import type { ToolId } from '@wattle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileOfDocument } from '../pdf/conformance.ts';
import { ghostscriptPdfa1, libreOfficePdfa1 } from '../test/corpus.ts';
import { file, OPTIONS, pdfOf, workspace, type Workspace } from '../test/harness.ts';

/**
 * PDF/A-1 inputs (PDF 1.4, no object streams allowed) were called damaged by every tool that saved
 * with pdf-lib, or silently turned into PDF 1.7 with object streams while still claiming PDF/A-1.
 */

/**
 * Tools whose result is still the same PDF/A (these inputs have no form fields to redraw, and OCR leaves
 * their page, which has text already); the others say it is not, and stop claiming it.
 */
const KEEP: ToolId[] = ['rotate', 'repair', 'compress', 'flatten', 'ocr'];
/** Pages copied into a new document: any version and object streams are fine there. */
const COPY: ToolId[] = ['extract-pages'];
const TOOLS: ToolId[] = [...KEEP, 'watermark', 'page-numbers', 'edit-metadata', ...COPY];

let ws: Workspace;
const inputs: Record<string, { bytes: Buffer; claim: string }> = {};
beforeAll(async () => {
  ws = await workspace();
  const dir = await mkdtemp(join(tmpdir(), 'wattle-pdfa-'));
  const libreOffice = await libreOfficePdfa1(dir, 'letter.odt', 'An archived letter, kept as PDF/A-1.');
  inputs['LibreOffice PDF/A-1a'] = { bytes: await readFile(libreOffice), claim: 'PDF/A-1a' };
  inputs['Ghostscript PDF/A-1b'] = { bytes: await readFile(await ghostscriptPdfa1(dir, libreOffice)), claim: 'PDF/A-1b' };
  await rm(dir, { recursive: true, force: true });
}, 120_000);
afterAll(() => ws.dispose());

describe.each(['LibreOffice PDF/A-1a', 'Ghostscript PDF/A-1b'])('%s', (name) => {
  it.each(TOOLS)('through %s: processed, still PDF 1.4 without object streams, and honest about PDF/A', async (tool) => {
    const { bytes, claim } = inputs[name]!;
    const [output] = await ws.run(tool, [file('letter.pdf', bytes)], OPTIONS[tool] ?? {});
    const written = await readFile(output!.path);
    if (!COPY.includes(tool)) {
      expect(written.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
      expect(written.includes('/ObjStm')).toBe(false);
    }
    const doc = await pdfOf(output!);
    if (KEEP.includes(tool)) {
      expect(output!.notes).toEqual(tool === 'ocr' ? [expect.objectContaining({ code: 'PAGES_RECOGNISED' })] : undefined);
      expect(profileOfDocument(doc).pdfa).toBe(claim);
      expect(doc.catalog.get(PDFName.of('OutputIntents'))).toBeDefined();
    } else {
      expect(output!.notes).toEqual([{ code: 'PDFA_NOT_KEPT', message: expect.stringContaining(`no longer ${claim}`) }]);
      expect(profileOfDocument(doc).pdfa).toBeUndefined();
    }
  });
});
