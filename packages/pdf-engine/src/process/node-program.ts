import { fileURLToPath } from 'node:url';
import type { CommandSpec } from './run-command.ts';

/**
 * Node's compile cache for our own programs: the TypeScript Node has stripped and its bytecode. Stripping
 * loads a WebAssembly compiler into the process, about 15 MB held for its life and 0.1 s a start; with
 * the cache only the first start after a change strips. A folder Node cannot write is no cache, not an
 * error, and a changed source is stripped again (performance log §126).
 */
const COMPILE_CACHE = fileURLToPath(new URL('../../node_modules/.cache/node-compile', import.meta.url));

/** One of our Node programs (a .ts file in this folder) as a command: this Node, its stripping cached. */
export function nodeProgram(script: string, args: readonly string[] = []): CommandSpec & { env: { NODE_COMPILE_CACHE: string } } {
  return {
    command: process.execPath,
    args: ['--disable-warning=ExperimentalWarning', fileURLToPath(new URL(script, import.meta.url)), ...args],
    env: { NODE_COMPILE_CACHE: COMPILE_CACHE },
  };
}
