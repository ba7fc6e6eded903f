import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { nodeProgram } from './node-program.ts';

describe('nodeProgram', () => {
  it('strips a program once: its next start reads the stripped code from Node’s compile cache', async () => {
    // Without the IPC channel it listens on, the launcher loads and exits: enough to see how it was loaded.
    const program = nodeProgram('./launcher-main.ts');
    const start = () => promisify(execFile)(program.command, [...program.args], { env: { ...program.env, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' } });
    await start();
    const { stderr } = await start();
    expect(stderr).toMatch(/retrieving transpile cache for StrippedTypeScript \S*launcher-main\.ts\.\.\.success/);
    expect(stderr).not.toMatch(/saving transpilation cache/);
  });
});
