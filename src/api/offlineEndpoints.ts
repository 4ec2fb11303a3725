// The mutations that may wait in the offline queue, found by name: the queue's replay of stored
// actions (the store installs queueSpecOf) and the pending patches. Each area declares its queueable
// writes once, as module-level definitions it also builds its endpoints from (offline.ts says how),
// and exports them by endpoint name; this module only gathers those maps. An area of the first load
// adds its map to QUEUEABLE; an area only lazy screens use adds its own with addQueueable when its
// chunk loads (a stored action of such an area is sent as it was stored until then: offlineQueue.ts).
import { commentsQueue } from './endpoints/comments';
import { playlistsQueue } from './endpoints/playlists';
import { reactionsQueue } from './endpoints/reactions';
import { subscriptionsQueue } from './endpoints/subscriptions';
import type { AnyQueueSpec } from './offlineTypes';

type QueueableMap = Record<string, { extraOptions: { queue: AnyQueueSpec } }>;

const QUEUEABLE: QueueableMap = { ...reactionsQueue, ...commentsQueue, ...subscriptionsQueue, ...playlistsQueue };

/** A lazily injected area's queueable writes, by endpoint name. */
export function addQueueable(area: QueueableMap): void {
  Object.assign(QUEUEABLE, area);
}

/** The mutations that may wait in the offline queue (of the areas loaded so far). */
export const queueableEndpoints = (): string[] => Object.keys(QUEUEABLE);

export const queueSpecOf = (endpoint: string): AnyQueueSpec | undefined => (Object.hasOwn(QUEUEABLE, endpoint) ? QUEUEABLE[endpoint]!.extraOptions.queue : undefined);
