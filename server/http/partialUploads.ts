// Multipart uploads in progress live in a directory of their own process,
// DATA_DIR/tmp/multipart/<boot id>, whose mtime the process renews every few seconds. A directory
// whose heartbeat stopped belongs to a process that crashed: its partial uploads can never finish,
// so they go, at start and every little while. Processes sharing DATA_DIR never take
// each other's uploads in flight, and a process restarted right after a crash sweeps its
// predecessor's within STALE_AFTER_MS.
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { newId } from '../ids.js';

const HEARTBEAT_MS = 5_000;
/** Several missed heartbeats: the process is gone (an event loop can stall for a while). */
const STALE_AFTER_MS = 30_000;
const BOOT_ID = newId();

/** This process's directory for multipart temp files under DATA_DIR/tmp. */
export function partialUploadDir(tempDir: string): string {
  return join(tempDir, 'multipart', BOOT_ID);
}

/** Removes the directories of processes whose heartbeat stopped, and loose `*.upload` files of older versions. */
async function sweepPartialUploads(tempDir: string, nowMs = Date.now()): Promise<number> {
  const root = join(tempDir, 'multipart');
  // Before per-process directories, partial uploads sat in tmp/ itself.
  return (
    (await removeStale(root, (name) => name !== BOOT_ID, nowMs - STALE_AFTER_MS)) +
    (await removeStale(tempDir, (name) => name.endsWith('.upload'), nowMs - STALE_AFTER_MS))
  );
}

/** Removes the entries of `directory` that `wanted` picks and nothing touched since `before`; answers how many. */
async function removeStale(directory: string, wanted: (name: string) => boolean, before: number): Promise<number> {
  let removed = 0;
  for (const name of await readdir(directory).catch(() => [] as string[])) {
    if (!wanted(name)) continue;
    const info = await stat(join(directory, name)).catch(() => null);
    if (info && info.mtimeMs < before) {
      await rm(join(directory, name), { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Keeps this process's directory alive and sweeps the others; returns the stop function. */
export async function startPartialUploadSweep(tempDir: string, onError: (error: unknown) => void): Promise<() => void> {
  const own = partialUploadDir(tempDir);
  const beat = async () => {
    await mkdir(own, { recursive: true });
    const now = new Date();
    await utimes(own, now, now);
    await sweepPartialUploads(tempDir);
  };
  await beat();
  const timer = setInterval(() => void beat().catch(onError), HEARTBEAT_MS).unref();
  return () => clearInterval(timer);
}
