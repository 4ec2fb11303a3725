/// <reference lib="WebWorker" />
// What the worker knows of the signed-in user: the access token the page mirrors into IndexedDB
// (it cannot read local storage), and a way to tell every open page something.
import { openQueueDb, type QueueSession, readQueueSession } from '../shared/queueReplay';

declare const self: ServiceWorkerGlobalScope;

/** The signed-in user's token and id, or null when signed out (the worker then sends nothing of theirs). */
export async function signedInSession(): Promise<QueueSession | null> {
  const db = await openQueueDb();
  try {
    return await readQueueSession(db);
  } finally {
    db.close();
  }
}

export async function broadcast(message: unknown): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage(message);
}
