import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { toolCatalogue } from './build/tool-catalogue';

// Unit tests of pure modules; they run in node (no DOM needed).
export default defineConfig({
  plugins: [toolCatalogue()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
