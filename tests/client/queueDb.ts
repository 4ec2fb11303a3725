// The offline queue's IndexedDB, emptied between tests: the page's connection closed, then the database deleted.
import { closeQueueDb, QUEUE_DB } from '../../src/api/offlineQueue';

export async function emptyQueueDb(): Promise<void> {
  await closeQueueDb();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(QUEUE_DB);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}
