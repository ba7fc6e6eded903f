import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from '../run-tool.ts';
import { activePdf } from '../test/fixtures.ts';

/** Every tool passed the input's scripts and automatic actions through to its output. */

let dir: string;
let input: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wattle-active-'));
  input = join(dir, 'active.pdf');
  // The sanitise fixture (script on opening, page action, web link, Launch link, attachment) and a JavaScript name tree.
  const doc = await PDFDocument.load(await activePdf('https://example.com.au/canary'));
  const script = doc.context.register(doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("named")') }));
  doc.catalog.set(PDFName.of('Names'), doc.context.obj({ JavaScript: doc.context.obj({ Names: [PDFString.of('hello'), script] }) }));
  await writeFile(input, await doc.save());
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const merged = async (removeActiveContent: boolean) => {
  const outputDir = await mkdtemp(join(dir, 'out-'));
  const [output] = await runTool('merge', { inputs: [{ path: input, filename: 'a.pdf' }, { path: input, filename: 'b.pdf' }], options: {}, workDir: dir, outputDir, removeActiveContent });
  return readFile(output!.path);
};

describe('remove active content', () => {
  it('leaves a merge without scripts, automatic actions or launches, and keeps web links and pages', async () => {
    const bytes = await merged(true);
    const text = bytes.toString('latin1');
    for (const code of ['app.alert', 'app.launchURL', 'calc.exe', '/JavaScript', '/Launch', '/OpenAction', '/AA']) expect(text).not.toContain(code);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.catalog.has(PDFName.of('OpenAction'))).toBe(false);
    expect(doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.has(PDFName.of('JavaScript')) ?? false).toBe(false);
    expect(doc.getPage(0).node.has(PDFName.of('AA'))).toBe(false);
    const annots = doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    // The web link keeps its address; the Launch link stays, inert.
    expect(annots.asArray().map((a) => doc.context.lookup(a, PDFDict).lookupMaybe(PDFName.of('A'), PDFDict)?.get(PDFName.of('S')))).toEqual([PDFName.of('URI'), undefined]);
  });

  it('is what the setting does: without it the merge carries them', async () => {
    const doc = await PDFDocument.load(await merged(false));
    // (merge builds a new catalog, so the input's /OpenAction never reaches it; other tools keep it)
    expect(doc.getPage(0).node.has(PDFName.of('AA'))).toBe(true);
    const launch = doc.context.lookup(doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray).get(1), PDFDict);
    expect(launch.lookup(PDFName.of('A'), PDFDict).get(PDFName.of('S'))).toBe(PDFName.of('Launch'));
  });

  // protect's output is encrypted, so the setting's pass over finished outputs could not open it.
  const protectedText = async (removeActiveContent: boolean) => {
    const outputDir = await mkdtemp(join(dir, 'out-'));
    const [output] = await runTool('protect', { inputs: [{ path: input, filename: 'a.pdf' }], options: { userPassword: 'open sesame' }, workDir: dir, outputDir, removeActiveContent });
    const decrypted = join(outputDir, 'decrypted.pdf');
    execFileSync('qpdf', ['--password=open sesame', '--decrypt', '--stream-data=uncompress', output!.path, decrypted]);
    return (await readFile(decrypted)).toString('latin1');
  };
  it('leaves an encrypted output (protect) without them: decrypted, it holds none', async () => {
    const text = await protectedText(true);
    for (const code of ['app.alert', 'app.launchURL', 'calc.exe', '/JavaScript', '/Launch', '/OpenAction', '/AA']) expect(text).not.toContain(code);
    expect(text).toContain('/URI');
  });
  it('is what the setting does for protect too: without it the decrypted output carries them', async () => {
    const text = await protectedText(false);
    for (const code of ['app.alert', '/Launch', '/OpenAction', '/AA']) expect(text).toContain(code);
  });
});
