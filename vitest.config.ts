import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web app imports its own modules through @/ (apps/web/tsconfig.json).
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  test: {
    // API test files mostly wait on PostgreSQL, child processes and timers, and each has its own
    // database: vitest's default (cores − 1) runs one file at a time on CI's 2 cores, where two
    // take the pass from 16.7 to 8.8 minutes. Set for the whole run: projects with different
    // worker counts must be ordered into groups that run one after the other.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // Inherit the root's resolve.alias, so web modules that import through @/ can be tested.
        extends: true,
        test: {
          name: 'unit',
          include: [
            'apps/*/src/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
