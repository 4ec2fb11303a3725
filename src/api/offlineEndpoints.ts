// The mutations that may wait in the offline queue, found by name: the queue's replay of stored
// actions (the store installs queueSpecOf) and the pending patches. Each area declares its queueable
// writes once, as module-level definitions it also builds its endpoints from (offline.ts says how),
// and exports them by endpoint name; this module only gathers those maps. A new area with queueable
// writes adds its map to QUEUEABLE.
import { commentsQueue } from './endpoints/comments';
import { playlistsQueue } from './endpoints/playlists';
import { reactionsQueue } from './endpoints/reactions';
import { subscriptionsQueue } from './endpoints/subscriptions';
import type { AnyQueueSpec } from './offlineTypes';

const QUEUEABLE: Record<string, { extraOptions: { queue: AnyQueueSpec } }> = { ...reactionsQueue, ...commentsQueue, ...subscriptionsQueue, ...playlistsQueue };

/** The mutations that may wait in the offline queue. */
export const QUEUEABLE_ENDPOINTS: readonly string[] = Object.keys(QUEUEABLE);

export const queueSpecOf = (endpoint: string): AnyQueueSpec | undefined => (Object.hasOwn(QUEUEABLE, endpoint) ? QUEUEABLE[endpoint]!.extraOptions.queue : undefined);
