import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `licenses.md` into the build: every bundled package's name, version, licence and licence text,
 * once (decision 096). The chunks are minified without their licence headers, which cost each small
 * chunk its own copy; the notices travel with the app here instead.
 */
export function licences(): Plugin {
  return {
    name: 'wattle-licences',
    apply: 'build',
    generateBundle(_options, bundle) {
      const packages = new Map<string, string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const dir = packageDir(id);
          if (!dir) continue;
          const { name, version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
          const key = `${name}@${version}`;
          if (packages.has(key)) continue;
          const file = readdirSync(dir).find((entry) => /^(licen[cs]e|copying)/i.test(entry));
          const text = file ? readFileSync(join(dir, file), 'utf8').trim() : '';
          packages.set(key, `## ${key}${license ? ` (${license})` : ''}\n\n${text}\n`);
        }
      }
      const body = [...packages].sort(([a], [b]) => a.localeCompare(b)).map(([, entry]) => entry);
      this.emitFile({ type: 'asset', fileName: 'licenses.md', source: `# Licences of the bundled packages\n\n${body.join('\n')}` });
    },
  };
}

/** The package a bundled module belongs to: the nearest folder under node_modules with a package.json naming it. */
function packageDir(id: string): string | undefined {
  if (id.startsWith('\0') || !id.includes('/node_modules/')) return undefined;
  for (let dir = dirname(id); dir.includes('/node_modules/'); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name) return dir;
  }
  return undefined;
}
