// One folder per test run for the generated clips (mediaFixtures.ts' makeClip), shared by every file
// of the server and browser projects: a clip is encoded once per run for each set of parameters,
// whichever files ask for it. This is both projects' global setup; it runs in Vitest's main process.
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's clip folder; unset when a file runs without this setup. */
    clipCacheDir: string;
  }
}

/** The run's clip folder, named after Vitest's main process so that every project's setup agrees on it without talking. */
export const runClipFolder = () => join(tmpdir(), `vidshare-clips-${process.pid}`);

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = runClipFolder();
  await mkdir(dir, { recursive: true });
  project.provide('clipCacheDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
