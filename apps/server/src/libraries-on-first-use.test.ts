import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Libraries only some tools, conversions or configurations need: loaded on first use (performance log §106). */
const ON_FIRST_USE = [
  'playwright-core',
  'exceljs',
  'docx',
  'pptxgenjs',
  'pdfjs-dist',
  'fontkit',
  '@kenjiuno/msgreader',
  'postal-mime',
  'diff',
  'marked',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  'nodemailer',
  'maxmind',
];

/** Records every package a module is resolved from and prints them as JSON when the process ends. */
const RECORDER = `
import { registerHooks } from 'node:module';
const packages = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    const name = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(resolved.url)?.[1];
    if (name) packages.add(name);
    return resolved;
  },
});
process.on('exit', () => process.stdout.write('LOADED ' + JSON.stringify([...packages]) + '\\n'));
`;

describe('the server at start-up', () => {
  it('loads none of the libraries that only some tools need', async () => {
    // main.ts with every module it imports; a bad LOG_LEVEL then stops it before it opens a database.
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', '--import', `data:text/javascript,${encodeURIComponent(RECORDER)}`, 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'not-a-level' },
    });
    const { stdout, stderr } = await run.catch((error: { stdout: string; stderr: string }) => error);
    expect(stderr).toContain('LOG_LEVEL');
    const loaded: string[] = JSON.parse(/^LOADED (.*)$/m.exec(stdout)![1]!);
    expect(loaded).toContain('@cantoo/pdf-lib'); // the recorder saw the engine's graph
    expect(loaded.filter((name) => ON_FIRST_USE.includes(name))).toEqual([]);
  }, 30_000);
});
