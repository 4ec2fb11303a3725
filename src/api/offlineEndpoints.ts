// Which endpoints work offline, read in one place from the areas' own definitions (offline.ts says
// how a definition declares it). Whatever finds an endpoint by name uses this: the queue's replay of
// stored actions (the store installs queueSpecOf), the pending patches and the persisted cache.
// An area whose definitions declare offline behaviour is listed in AREAS.
import type { ApiBuilder } from './api';
import { commentsArea } from './endpoints/comments';
import { playlistsArea } from './endpoints/playlists';
import { reactionsArea } from './endpoints/reactions';
import { subscriptionsArea } from './endpoints/subscriptions';
import { usersArea } from './endpoints/users';
import { videosArea } from './endpoints/videos';
import type { AnyQueueSpec, OfflineOptions } from './offlineTypes';

const AREAS = [usersArea, videosArea, reactionsArea, commentsArea, subscriptionsArea, playlistsArea];

// RTK keeps the definitions it is given to itself, so each area's definitions are read again here
// with a builder that hands every definition back as written (RTK's only adds its kind).
const asWritten = { query: (d: unknown) => d, mutation: (d: unknown) => d, infiniteQuery: (d: unknown) => d } as unknown as ApiBuilder;

const definitions = Object.entries(Object.assign({}, ...AREAS.map((area) => area.endpoints(asWritten))) as Record<string, { extraOptions?: OfflineOptions }>);

const queueSpecs = new Map<string, AnyQueueSpec>(definitions.flatMap(([name, definition]) => (definition.extraOptions?.queue ? [[name, definition.extraOptions.queue]] : [])));
const persisted = new Set(definitions.filter(([, definition]) => definition.extraOptions?.persist).map(([name]) => name));

/** The mutations that may wait in the offline queue. */
export const QUEUEABLE_ENDPOINTS: readonly string[] = [...queueSpecs.keys()];
/** The queries whose cached answers are kept for an offline start. */
export const PERSISTED_QUERIES: readonly string[] = [...persisted];

export const queueSpecOf = (endpoint: string): AnyQueueSpec | undefined => queueSpecs.get(endpoint);
export const isPersisted = (endpoint: string): boolean => persisted.has(endpoint);
