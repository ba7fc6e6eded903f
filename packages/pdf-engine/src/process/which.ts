import { accessSync, constants, statSync } from 'node:fs';
import { join } from 'node:path';
import { SAFE_PATH } from './path.ts';

const cache = new Map<string, string | undefined>();

/** Resolves a program on the engines' fixed PATH (never the caller's). Cached: installs don't change at run time. */
export function findExecutable(name: string): string | undefined {
  if (!cache.has(name)) cache.set(name, search(name));
  return cache.get(name);
}

function search(name: string): string | undefined {
  for (const dir of SAFE_PATH.split(':')) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}
