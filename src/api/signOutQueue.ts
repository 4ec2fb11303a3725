// What sign-out does with the signed-in user's queued actions (features/auth/useLogout.ts): sends
// them first, or drops them once the user agreed. Apart from offlineQueue.ts, which every page loads
// at boot, since only a sign-out needs it.
import { getStoredUser, getToken } from '../lib/storage';
import { closeQueueDb, loadQueue, pendingActions, replayQueue } from './offlineQueue';
import { openQueueDb, readQueue } from '../../shared/queueReplay';

const online = () => navigator.onLine !== false;

/** The signed-in user's actions still waiting (after a replay if online): what sign-out would leave behind. */
export async function sendQueuedActions(): Promise<number> {
  await loadQueue();
  if (pendingActions().length && online()) await replayQueue();
  return pendingActions().length;
}

/** Sign-out without sending: the signed-in user's waiting actions are dropped (no other user would send them). */
export async function discardQueuedActions(): Promise<number> {
  const userId = (getToken() && getStoredUser()?._id) || null;
  if (!userId || typeof indexedDB === 'undefined') return 0;
  const db = await openQueueDb();
  try {
    const mine = await readQueue(db, userId);
    const tx = db.transaction('actions', 'readwrite');
    await Promise.all([...mine.map((action) => tx.store.delete(action.seq!)), tx.done]);
    return mine.length;
  } finally {
    db.close();
    // The page's mirror empties and reads the store again at its next use.
    await closeQueueDb();
  }
}
