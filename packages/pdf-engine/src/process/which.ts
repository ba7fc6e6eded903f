import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { SAFE_PATH } from './path.ts';

const cache = new Map<string, string | undefined>();

/** Resolves a program on the engines' fixed PATH (never the caller's). Cached: installs don't change at run time. */
export function findExecutable(name: string): string | undefined {
  if (!cache.has(name)) cache.set(name, search(name));
  return cache.get(name);
}

function search(name: string): string | undefined {
  // A program kept off PATH by its package (Debian's afdko-bin puts tx in /usr/libexec) is named in full.
  for (const dir of isAbsolute(name) ? [''] : SAFE_PATH.split(':')) {
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

/**
 * LibreOffice's own binary behind the `soffice` launcher script. Run directly, it is our child, so
 * it dies with the worker (pdeathsig) instead of being orphaned under the launcher.
 */
export function findOfficeBinary(): string | undefined {
  const launcher = findExecutable('soffice');
  if (!launcher) return undefined;
  const binary = join(dirname(realpathSync(launcher)), 'soffice.bin');
  try {
    accessSync(binary, constants.X_OK);
    return binary;
  } catch {
    return launcher;
  }
}
