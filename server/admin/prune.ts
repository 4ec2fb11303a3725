// `prune [--apply]`: media files no row points at (a crash between storing a file and writing its
// row, or between deleting a row and its files), and abandoned resumable uploads. Lists them by
// default; --apply removes them, then the media folders left empty. A file is judged by its kind's rule below, and a kind it does not
// know is never touched.
import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Core } from '../composition.js';
import type { MediaReferences } from '../db/repositories/maintenance.js';
import { checkDeployment, DEPLOYMENT_MARKER_KEY, mismatchReason } from '../deployment/identity.js';
import { imageStorageKey } from '../media/images.js';
import { type CommandInput, Refusal, say, sizeOf } from './command.js';
import { withCore } from './core.js';

/** A file younger than this may belong to a request (on any node) that has not written its row yet. */
const MEDIA_GRACE_MS = 3600_000;
/** Partial uploads are kept a day, as tus expires them (TUS_EXPIRY_MS by default). */
const UPLOAD_GRACE_MS = 24 * 3600_000;

interface Orphan {
  /** As listed: a storage key, or a path under DATA_DIR for local upload leftovers. */
  name: string;
  bytes: number;
  remove(): Promise<void>;
}

/** Whether a media key is referenced, by its kind (the first path segment); undefined: a kind prune does not know. */
function isReferenced(key: string, refs: MediaReferences): boolean | undefined {
  const [kind, first, second] = key.split('/');
  switch (kind) {
    case 'images':
      // images/<name>, or a narrower copy images/w<width>/<name> that goes with its image.
      return refs.imageNames.has(second && /^w\d+$/.test(first!) ? second : first!);
    case 'sources':
      return refs.sourceKeys.has(key);
    case 'videos':
      // Renditions, playlists and streamed fragments all live in the video's folder.
      return refs.videoIds.has(first!);
    case 'captions':
      return refs.captionKeys.has(key);
    default:
      return undefined;
  }
}

/** The upload id a tus file belongs to: `<id>`, `<id>.json` (FileStore), `<id>.info` or `<id>.part` (S3Store). */
const uploadIdOf = (name: string) => name.replace(/\.(json|info|part)$/, '');

async function storageOrphans(core: Core, refs: MediaReferences, nowMs: number): Promise<Orphan[]> {
  const { storage } = core;
  const orphans: Orphan[] = [];
  const consider = async (key: string, graceMs: number) => {
    const stored = await storage.stat(key);
    if (stored && stored.mtimeMs <= nowMs - graceMs) orphans.push({ name: key, bytes: stored.size, remove: () => storage.remove(key) });
  };
  for (const prefix of [imageStorageKey(''), 'sources/', 'videos/', 'captions/']) {
    for (const key of await storage.list(prefix)) {
      if (isReferenced(key, refs) === false) await consider(key, MEDIA_GRACE_MS);
    }
  }
  // On S3, tus keeps partial uploads at the top of the bucket.
  if (core.config.s3) {
    for (const key of (await storage.list('')).filter((candidate) => !candidate.includes('/') && candidate !== DEPLOYMENT_MARKER_KEY)) {
      if (!refs.unfinishedUploadIds.has(uploadIdOf(key))) await consider(key, UPLOAD_GRACE_MS);
    }
  }
  return orphans;
}

/** On disk, tus keeps partial uploads in DATA_DIR/tmp/tus. */
async function localUploadOrphans(core: Core, refs: MediaReferences, nowMs: number): Promise<Orphan[]> {
  const directory = join(core.config.dataDir, 'tmp', 'tus');
  const names = await readdir(directory).catch(() => [] as string[]);
  const orphans: Orphan[] = [];
  for (const name of names) {
    if (refs.unfinishedUploadIds.has(uploadIdOf(name))) continue;
    const path = join(directory, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && info.mtimeMs <= nowMs - UPLOAD_GRACE_MS) orphans.push({ name: `tmp/tus/${name}`, bytes: info.size, remove: () => rm(path, { force: true }) });
  }
  return orphans;
}

/** The kinds' top folders, kept even when empty. */
const MEDIA_KINDS = ['images', 'sources', 'videos', 'captions'] as const;

/**
 * On disk, the folders below the media kinds (a video's folder, its hls/, an image width) that
 * nothing was added to or removed from within the grace, read before any removal. Once the files
 * are gone, those left empty go too, deepest first: a folder a request has just made is younger
 * than the grace, so no upload loses the folder it is about to write into.
 */
async function quietFolders(core: Core, nowMs: number): Promise<string[]> {
  const root = core.storage.localPath('');
  if (!root) return [];
  const folders: string[] = [];
  for (const kind of MEDIA_KINDS) {
    const entries = await readdir(join(root, kind), { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const path = join(entry.parentPath, entry.name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs <= nowMs - MEDIA_GRACE_MS) folders.push(path);
    }
  }
  // Deepest first, so a video's hls/ goes before the video's folder.
  return folders.sort((a, b) => b.length - a.length);
}

/** Removes the folders that are empty now; how many went (a folder with anything in it stays). */
async function removeEmptyFolders(folders: string[]): Promise<number> {
  let removed = 0;
  for (const folder of folders) {
    if (await rmdir(folder).then(() => true, () => false)) removed += 1;
  }
  return removed;
}

export async function run({ flags }: CommandInput): Promise<void> {
  await withCore(async (core) => {
    // A restored copy pointing at another deployment's storage sees that deployment's newer files as orphans.
    if (flags.apply) {
      const deployment = await checkDeployment(core);
      if (!deployment.matches) throw new Refusal(`Nothing removed: ${mismatchReason(deployment)}`);
    }
    const nowMs = Date.now();
    const folders = flags.apply ? await quietFolders(core, nowMs) : [];
    const refs = await core.repos.maintenance.mediaReferences();
    const orphans = [...(await storageOrphans(core, refs, nowMs)), ...(core.config.s3 ? [] : await localUploadOrphans(core, refs, nowMs))];
    const bytes = orphans.reduce((sum, orphan) => sum + orphan.bytes, 0);
    const sayFolders = async () => {
      const emptied = await removeEmptyFolders(folders);
      if (emptied) say(`Removed ${emptied} empty ${emptied === 1 ? 'folder' : 'folders'}.`);
    };
    if (!orphans.length) {
      say('No orphaned files.');
      await sayFolders();
      return;
    }
    for (const orphan of orphans) say(`${String(orphan.bytes).padStart(12)}  ${orphan.name}`);
    if (!flags.apply) {
      say(`${orphans.length} orphaned files, ${sizeOf(bytes)}. Nothing removed: run with --apply to remove them.`);
      return;
    }
    for (const orphan of orphans) await orphan.remove();
    say(`Removed ${orphans.length} orphaned files, ${sizeOf(bytes)}.`);
    await sayFolders();
  });
}
