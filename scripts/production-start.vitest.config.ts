import { defineConfig } from 'vitest/config';

// The production start on a fresh clone (scripts/test.sh runs it on the test PostgreSQL).
export default defineConfig({
  test: {
    include: ['scripts/production-start.check.ts'],
    // A fresh clone installs and builds before it serves: minutes on 2 cores.
    testTimeout: 15 * 60_000,
    hookTimeout: 5 * 60_000,
    pool: 'forks',
  },
});
