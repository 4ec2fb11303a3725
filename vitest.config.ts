import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirst from './tests/longestFirst.js';

/**
 * Browser files that transcode a whole ladder and then judge playback against the clock (stalls,
 * rungs, a realtime share): they run one at a time after all other files, so no other file's
 * CPU slows their ffmpeg or their player. Every other file shares the workers.
 */
const PLAYBACK_FILES = ['tests/browser/network.test.ts', 'tests/browser/player.test.ts', 'tests/browser/phonePlayer.test.ts'];

/**
 * Server files that judge the event loop by the CPU one of its turns takes: with another file on
 * the other core, V8's background GC threads get less CPU and more of its work lands on the loop's
 * own thread (a 20 ms turn measured 45-98 ms so). They run alone, after everything else.
 */
const LOOP_TIMING_FILES = ['tests/server/captionsEventLoop.test.ts'];

/**
 * For the server, client and browser projects: a worker runs its files one after another in one process, so
 * node_modules (Fastify, the AWS SDK, Kysely...) load once, about 3 s a file otherwise, and the app's
 * own modules afresh for each file (tests/freshAppModules.ts). Each file starts its own server and data dir.
 */
const processPerWorker = { isolate: false, setupFiles: ['tests/freshAppModules.ts'] };

// What every browser file needs, whichever project runs it.
const browserTest = {
  environment: 'node',
  ...processPerWorker,
  // The app is built once, before the first file (and its output checked by buildWarnings.test.ts);
  // the clips are shared with the server project.
  globalSetup: ['tests/browser/builtApp.ts', 'tests/server/clipCache.ts'],
  testTimeout: 180_000,
  hookTimeout: 300_000,
  // A page's first load in a cold browser can take over Vitest's default 1 s: every
  // expect.poll waits like chromium.ts' eventually() (a fresh-clone CI run failed
  // foundation.test.ts's first check of /register at 1.3 s, and every later step with it).
  expect: { poll: { timeout: 10_000 } },
  // Tests marked concurrent (accessibility.test.ts' passes) share one browser two at a time: on
  // 2 cores more would only lengthen each page load, which has its own 30 s bound.
  maxConcurrency: 2,
};

export default defineConfig({
  plugins: [react()],
  test: {
    // The ten slowest files close every run (a CLI --reporter replaces this list: .ci/run names it again).
    reporters: ['default', './tests/slowestFiles.ts'],
    // Most files wait on sockets, timers and child processes far more than they compute: on 2 cores
    // two workers (Vitest's default would be one) keep both busy. The playback files still run alone.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...LOOP_TIMING_FILES],
          // Every generated clip once per run, shared by the files that ask for it.
          globalSetup: ['tests/server/clipCache.ts'],
          ...processPerWorker,
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
          // One process per worker, as the server files; each file still gets its own jsdom.
          ...processPerWorker,
          setupFiles: [...processPerWorker.setupFiles, 'tests/client/setup.ts'],
          // Screens render MUI in jsdom: a few seconds a test on shared cores, not the default 5.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: { ...browserTest, name: 'browser', include: ['tests/browser/**/*.test.ts'], exclude: [...configDefaults.exclude, ...PLAYBACK_FILES] },
      },
      {
        extends: true,
        test: {
          ...browserTest,
          name: 'browser-playback',
          include: PLAYBACK_FILES,
          // Their long clips are encoded while the other files run.
          globalSetup: [...browserTest.globalSetup, 'tests/browser/playbackClips.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server-loop-timing',
          environment: 'node',
          include: LOOP_TIMING_FILES,
          testTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
