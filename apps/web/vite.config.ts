import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { licences } from './build/licences';
import { precompress } from './build/precompress';
import { toolCatalogue } from './build/tool-catalogue';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), toolCatalogue(), licences(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  // Decision 096: every chunk carried its modules' licence headers (each lucide icon's file its own),
  // about 2 KB gzipped of the landing page; the notices ship once instead, in /licenses.md (build/licences.ts).
  esbuild: { legalComments: 'none' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Decision 096: the preload lists of every lazy page rode in the first download (4.4 KB gzipped, a
    // ninth of the app shell). A page now fetches its own imports when first opened (one more round
    // trip then); the HTML still preloads the entry's imports, and a page's CSS always comes with it.
    // Browsers without modulepreload (Safari before 17) fetch in order: no polyfill in every download.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))),
    },
    rollupOptions: {
      // The framework changes rarely: its own chunk stays cached across app deploys.
      output: { manualChunks: { framework: ['react', 'react-dom', 'react-dom/client', 'react-router', 'react-router/dom'] } },
    },
  },
});
