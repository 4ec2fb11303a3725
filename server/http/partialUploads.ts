// Multipart uploads in progress live in a directory of their own process,
// DATA_DIR/tmp/multipart/<boot id>, whose mtime the process renews every few seconds. A directory
// whose heartbeat stopped belongs to a process that crashed: its partial uploads can never finish,
// so they go (issue 15), at start and every little while. Processes sharing DATA_DIR never take
// each other's uploads in flight, and a process restarted right after a crash sweeps its
// predecessor's within STALE_AFTER_MS.
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { newId } from '../ids.js';

const HEARTBEAT_MS = 5_000;
/** Several missed heartbeats: the process is gone (an event loop can stall for a while). */
export const STALE_AFTER_MS = 30_000;
const BOOT_ID = newId();

/** This process's directory for multipart temp files under DATA_DIR/tmp. */
export function partialUploadDir(tempDir: string): string {
  return join(tempDir, 'multipart', BOOT_ID);
}

/** Removes the directories of processes whose heartbeat stopped, and loose `*.upload` files of older versions. */
export async function sweepPartialUploads(tempDir: string, nowMs = Date.now()): Promise<number> {
  const root = join(tempDir, 'multipart');
  let removed = 0;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (name === BOOT_ID) continue;
    const info = await stat(join(root, name)).catch(() => null);
    if (info && info.mtimeMs < nowMs - STALE_AFTER_MS) {
      await rm(join(root, name), { recursive: true, force: true });
      removed += 1;
    }
  }
  // Before per-process directories, partial uploads sat in tmp/ itself.
  for (const name of await readdir(tempDir).catch(() => [] as string[])) {
    if (!name.endsWith('.upload')) continue;
    const info = await stat(join(tempDir, name)).catch(() => null);
    if (info && info.mtimeMs < nowMs - STALE_AFTER_MS) {
      await rm(join(tempDir, name), { force: true });
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
