// Which endpoints work offline, read in one place from the areas' own definitions (offline.ts says
// how a definition declares it). Whatever finds an endpoint by name uses this: the queue's replay of
// stored actions (the store installs queueSpecOf), the pending patches and the persisted cache.
// An area whose definitions declare offline behaviour is listed in AREAS, or, when only lazy screens
// use it, reads itself in with readOfflineArea when its chunk loads (a stored action of such an area
// is sent as it was stored until then: offlineQueue.ts).
import type { ApiBuilder } from './api';
import { commentsArea } from './endpoints/comments';
import { playlistsArea } from './endpoints/playlists';
import { reactionsArea } from './endpoints/reactions';
import { subscriptionsArea } from './endpoints/subscriptions';
import { usersArea } from './endpoints/users';
import { videosArea } from './endpoints/videos';
import type { AnyQueueSpec, OfflineOptions } from './offlineTypes';

// RTK keeps the definitions it is given to itself, so each area's definitions are read again here
// with a builder that hands every definition back as written (RTK's only adds its kind).
const asWritten = { query: (d: unknown) => d, mutation: (d: unknown) => d, infiniteQuery: (d: unknown) => d } as unknown as ApiBuilder;

const queueSpecs = new Map<string, AnyQueueSpec>();
const persisted = new Set<string>();

export function readOfflineArea(area: { endpoints: (build: ApiBuilder) => object }): void {
  for (const [name, { extraOptions }] of Object.entries(area.endpoints(asWritten) as Record<string, { extraOptions?: OfflineOptions }>)) {
    if (extraOptions?.queue) queueSpecs.set(name, extraOptions.queue);
    if (extraOptions?.persist) persisted.add(name);
  }
}
[usersArea, videosArea, reactionsArea, commentsArea, subscriptionsArea, playlistsArea].forEach(readOfflineArea);

/** The mutations that may wait in the offline queue (of the areas read so far). */
export const queueableEndpoints = (): string[] => [...queueSpecs.keys()];
/** The queries whose cached answers are kept for an offline start. */
export const persistedQueries = (): string[] => [...persisted];

export const queueSpecOf = (endpoint: string): AnyQueueSpec | undefined => queueSpecs.get(endpoint);
export const isPersisted = (endpoint: string): boolean => persisted.has(endpoint);
