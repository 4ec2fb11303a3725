// The mutations that may wait in the offline queue, found by name: the queue's replay of stored
// actions and the pending patches (makeStore hands queueSpecOf to both). Each area declares its
// queueable writes once, as module-level definitions it also builds its endpoints from (offline.ts
// says how), and exports them by endpoint name; this module only lists those maps. Areas that only
// lazy screens inject keep their queueable definitions in a module of their own (watchLaterQueue.ts,
// offlineViewsQueue.ts), so listing them here does not inject the area.
import { commentsQueue } from './endpoints/comments';
import { offlineViewsQueue } from './endpoints/offlineViewsQueue';
import { playlistsQueue } from './endpoints/playlists';
import { reactionsQueue } from './endpoints/reactions';
import { subscriptionsQueue } from './endpoints/subscriptions';
import { watchLaterQueue } from './endpoints/watchLaterQueue';
import type { AnyQueueSpec } from './offlineTypes';

type QueueableMap = Readonly<Record<string, { extraOptions: { queue: AnyQueueSpec } }>>;

const QUEUEABLE: QueueableMap = Object.freeze({ ...reactionsQueue, ...commentsQueue, ...subscriptionsQueue, ...playlistsQueue, ...watchLaterQueue, ...offlineViewsQueue });

/** The mutations that may wait in the offline queue. */
export const queueableEndpoints = (): string[] => Object.keys(QUEUEABLE);

export const queueSpecOf = (endpoint: string): AnyQueueSpec | undefined => (Object.hasOwn(QUEUEABLE, endpoint) ? QUEUEABLE[endpoint]!.extraOptions.queue : undefined);
