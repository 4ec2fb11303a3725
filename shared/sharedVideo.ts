// A video shared to the installed app (the manifest's share_target): the service worker stores the
// file here and redirects to the upload screen, which takes it. Kept in IndexedDB, so it survives a
// detour through sign-in. Used by sw/shareTarget.ts and features/upload.
import { openDB } from 'idb';

const SHARE_DB = 'vidshare-share';
const STORE = 'files';
const KEY = 'video';
/** Where the worker sends the user once the file is stored. */
export const SHARED_UPLOAD_PATH = '/upload?shared=1';

const database = () =>
  openDB(SHARE_DB, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });

/** Keeps the shared file (one at a time: a new share replaces the last). */
export async function storeSharedVideo(file: File): Promise<void> {
  const db = await database();
  await db.put(STORE, file, KEY);
  db.close();
}

/** Hands the shared file over once and forgets it. */
export async function takeSharedVideo(): Promise<File | null> {
  const db = await database();
  const file = ((await db.get(STORE, KEY)) as File | undefined) ?? null;
  if (file) await db.delete(STORE, KEY);
  db.close();
  return file;
}

/** Sign-out: a file shared while signed in is that user's, never the next one's. */
export async function dropSharedVideo(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const db = await database();
  await db.delete(STORE, KEY);
  db.close();
}
