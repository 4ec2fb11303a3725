// Videos whose whole ladder a browser-playback file needs before its first test (network.test.ts,
// phonePlayer.test.ts), transcoded by a real server ahead of that file: the playback files run
// alone after every other file (vitest.config.ts), and a ladder made then is wall time with one
// core idle. playbackClips.ts (that project's global setup) starts each one in the background at a
// low priority while the other files run; the file then starts its own server on the ladder's data
// dir (a restart) and finds the video ready. A file that gets there first, or runs without that
// setup, makes the ladder itself (ladderProcess.ts, the same process at the normal priority).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClipOptions } from '../server/clips.js';
import { processAlive } from '../support/processAlive.js';
import type { TestUser } from '../support/server.js';

export interface LadderSpec {
  /** Names the ladder's folder in the run's clip folder. */
  name: string;
  clip: ClipOptions;
  title: string;
  description: string;
  /** The uploader's full name. */
  ownerName: string;
}

export interface Ladder {
  /** The server's data dir: start the file's server on it (`startServer({ dataDir })`). */
  dataDir: string;
  videoId: string;
  /** The uploader, registered through the API (its password logs in again after the restart). */
  owner: TestUser;
}

/** The folder a ladder is made in (its data dir, and `ladder.json` once it is complete). */
export const ladderFolder = (cacheDir: string, name: string) => join(cacheDir, `ladder-${name}`);
/** Held by the process making the ladder (a `pid` file inside names it). */
export const ladderLock = (folder: string) => `${folder}.lock`;
export const ladderManifest = (folder: string) => join(folder, 'ladder.json');

const exists = (path: string) => stat(path).then(() => true, () => false);

/** Whether another process is making the ladder now (a lock whose process died does not count). */
export async function beingMade(folder: string): Promise<boolean> {
  const lock = ladderLock(folder);
  if (!(await exists(lock))) return false;
  const pid = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => ''));
  // A lock without its pid file yet was taken a moment ago.
  return !pid || processAlive(pid);
}

/**
 * Runs ladderProcess.ts for `spec` and resolves once it exits (it exits at once when another
 * process holds the ladder's lock). `background`: at niceness 10, its server's ffmpeg included.
 */
export function makeLadder(cacheDir: string, spec: LadderSpec, { background = false } = {}): Promise<void> {
  const command = [process.execPath, '--import', 'tsx', 'tests/browser/ladderProcess.ts', cacheDir, JSON.stringify(spec)];
  const child = background ? spawn('nice', ['-n', '10', ...command], { stdio: ['ignore', 'pipe', 'pipe'] }) : spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the ${spec.name} ladder was not made (exit ${code ?? signal}): ${output}`))));
  });
}

/**
 * The ladder `spec` describes, complete: made ahead by the background process, waited for while
 * that process runs, or made here when none has (a failure is then this file's, with its output).
 * `cacheDir` is the run's clip folder (mediaFixtures.ts' clipCacheDir), or null without one.
 */
export async function completeLadder(cacheDir: string | null, spec: LadderSpec): Promise<Ladder> {
  const dir = cacheDir ?? (await mkdtemp(join(tmpdir(), 'vidshare-ladder-')));
  const folder = ladderFolder(dir, spec.name);
  // Bounds a hung maker only: a 720p ladder on a busy machine takes minutes.
  const deadline = Date.now() + 600_000;
  for (;;) {
    const manifest = await readFile(ladderManifest(folder), 'utf8').catch(() => null);
    if (manifest) return JSON.parse(manifest) as Ladder;
    if (!(await beingMade(folder))) await makeLadder(dir, spec);
    else if (Date.now() > deadline) throw new Error(`the ${spec.name} ladder was not made within 600 s by the process holding ${ladderLock(folder)}`);
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
