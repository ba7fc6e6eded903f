import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { launcherCommand } from './launcher.ts';
import { nodeProgram } from './node-program.ts';

const exec = promisify(execFile);
const readFromCache = /retrieving transpile cache for StrippedTypeScript \S*launcher-main\.ts\.\.\.success/;

describe('our Node programs in Node’s compile cache', () => {
  it('strips a program once: its next start reads the stripped code from the cache', async () => {
    // Without the IPC channel it listens on, the launcher loads and exits: enough to see how it was loaded.
    const program = nodeProgram('./launcher-main.ts');
    const start = () => exec(program.command, [...program.args], { env: { ...program.env, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' } });
    await start();
    const { stderr } = await start();
    expect(stderr).toMatch(readFromCache);
    expect(stderr).not.toMatch(/saving transpilation cache/);
  });

  it('the build leaves the launcher in the cache, so the server’s first launcher does not strip', async () => {
    await rm(nodeProgram('./launcher-main.ts').env.NODE_COMPILE_CACHE, { recursive: true, force: true }); // a fresh install's
    await exec(process.execPath, ['--disable-warning=ExperimentalWarning', fileURLToPath(new URL('./warm-launcher.ts', import.meta.url))]);
    const { file, args, env } = launcherCommand();
    const { stderr } = await exec(file, args, { env: { ...env, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' } });
    expect(stderr).toMatch(readFromCache);
  });
});
