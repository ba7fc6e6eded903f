/**
 * `npm run build`: makes the fresh data dir that an embedded first start copies (pglite-data-dir.ts),
 * once per PGlite version; those of other versions go.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { builtFreshDataDir, ensurePgliteDataDir } from './pglite-data-dir.ts';

const dist = dirname(builtFreshDataDir);
for (const name of existsSync(dist) ? readdirSync(dist) : []) {
  if (name !== basename(builtFreshDataDir)) rmSync(join(dist, name), { recursive: true, force: true });
}
await ensurePgliteDataDir(builtFreshDataDir);
