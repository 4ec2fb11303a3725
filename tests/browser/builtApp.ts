// Where the browser tests find the built PWA, and the browser projects' global setup that builds it
// once per run. The build runs in the background while the files that do not need it (server,
// client) start; a file that needs it waits for it (untilAppBuilt), then only checks that it is there.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BuildStep, buildAppCapturingOutput } from '../../build/buildApp.js';
import { processAlive } from '../support/processAlive.js';

/** The built PWA the tests serve. Sessions sharing one checkout may build elsewhere (VIDSHARE_DIST); CI builds dist/ first. */
export const DIST = resolve(process.env.VIDSHARE_DIST ?? 'dist');

// Named after DIST, so that every process of a run (and a file of another project, such as
// ssrText.test.ts) finds them without being told: the lock holds the building process's id while
// the build runs; the record keeps the steps for buildWarnings.test.ts.
const buildFiles = join(tmpdir(), `vidshare-build-${createHash('sha1').update(DIST).digest('hex').slice(0, 12)}`);
const LOCK = `${buildFiles}.lock`;
/** The steps this run's global setup made, as JSON (absent until it is done). */
const BUILD_RECORD = `${buildFiles}.json`;

/** Whether a build of DIST is running now (a lock left by a killed run does not count). */
function building(): boolean {
  try {
    return processAlive(Number(readFileSync(LOCK, 'utf8')));
  } catch {
    return false;
  }
}

/** Resolves once no build of DIST is running (polled: the build runs in Vitest's main process). */
export async function untilAppBuilt(timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (building()) {
    if (Date.now() > deadline) throw new Error(`the app build into ${DIST} did not finish within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The steps this run's global setup made, once it is done (none when the build was already there). */
export async function recordedBuild(): Promise<BuildStep[]> {
  await untilAppBuilt();
  return existsSync(BUILD_RECORD) ? (JSON.parse(readFileSync(BUILD_RECORD, 'utf8')) as BuildStep[]) : [];
}

/**
 * Starts building what is missing of DIST and `<DIST>-ssr`, and returns at once. A failed build
 * fails the files that need it: untilAppBuilt() then finds no build, and ensureBuilt() builds again
 * in the open, printing Vite's error. Both browser projects list this setup: the second finds the
 * build running and leaves it be.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (building()) return () => untilAppBuilt();
  await rm(BUILD_RECORD, { force: true });
  await writeFile(LOCK, String(process.pid));
  const done = buildAppCapturingOutput(DIST, { missingOnly: true })
    .then((steps) => writeFile(BUILD_RECORD, JSON.stringify(steps)))
    .finally(() => rm(LOCK, { force: true }));
  return () => done;
}
