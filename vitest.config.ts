import { defineConfig } from 'vitest/config';

// Three projects: pure rules and web units run fast; API tests boot the app on a real database.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          // an upper bound for a busy two-core CI machine (the property tests run hundreds of cases), not a speed check
          testTimeout: 15_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'unit-web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/shared/testing/setup.ts'],
          // room for a first render's lazy page and a findBy's 5 s wait (setup.ts) on a busy machine
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
