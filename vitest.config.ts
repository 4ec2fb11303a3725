import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
          // Screens render MUI in jsdom: a few seconds a test on shared cores, not the default 5.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // A page's first load in a cold browser can take over Vitest's default 1 s: every
          // expect.poll waits like chromium.ts' eventually() (a fresh-clone CI run failed
          // foundation.test.ts's first check of /register at 1.3 s, and every later step with it).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
