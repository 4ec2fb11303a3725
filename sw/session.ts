/// <reference lib="WebWorker" />
// What the worker knows of the signed-in user: the access token the page mirrors into IndexedDB
// (it cannot read local storage), and a way to tell every open page something.
import { openQueueDb, readSessionToken } from '../src/api/queueReplay';

declare const self: ServiceWorkerGlobalScope;

/** The signed-in user's token, or null when signed out (the worker then sends nothing of theirs). */
export async function signedInToken(): Promise<string | null> {
  const db = await openQueueDb();
  try {
    return await readSessionToken(db);
  } finally {
    db.close();
  }
}

export async function broadcast(message: unknown): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage(message);
}
