import type { Tool } from '@wattle/shared';
import { runnerImport, type Plugin } from 'vite';

const ID = 'virtual:tool-catalogue';
const RESOLVED = `\0${ID}`;

/**
 * `virtual:tool-catalogue`: the registry's tools without their options schemas (decision 096), read
 * from the registry at build time. Pages that only list or route to tools (the landing page) import
 * this instead of the registry, so zod stays out of their download while the registry stays the one source.
 */
export function toolCatalogue(): Plugin {
  return {
    name: 'wattle-tool-catalogue',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return;
      const { module, dependencies } = await runnerImport<{ TOOLS: readonly Tool[] }>('@wattle/shared/tools/registry', {
        configFile: false,
        logLevel: 'error',
      });
      // The dev server rebuilds the catalogue when the registry (or what it imports) changes.
      for (const file of dependencies) this.addWatchFile(file);
      const catalogue = module.TOOLS.map(({ options: _options, ...summary }) => summary);
      return `export const TOOL_CATALOGUE = ${JSON.stringify(catalogue)};`;
    },
  };
}
