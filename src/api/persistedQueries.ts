// The queries whose cached answers are kept in IndexedDB for an offline start (persist.ts), declared
// by name as data: reading the list needs none of the areas' modules, and a name that is no query of
// theirs fails to compile.
import type { commentsArea } from './endpoints/comments';
import type { playlistsArea } from './endpoints/playlists';
import type { reactionsArea } from './endpoints/reactions';
import type { subscriptionsArea } from './endpoints/subscriptions';
import type { usersArea } from './endpoints/users';
import type { videosArea } from './endpoints/videos';

type AreaEndpoint<Area extends { endpoints: (build: never) => object }> = keyof ReturnType<Area['endpoints']>;
type EndpointName =
  | AreaEndpoint<typeof usersArea>
  | AreaEndpoint<typeof videosArea>
  | AreaEndpoint<typeof reactionsArea>
  | AreaEndpoint<typeof commentsArea>
  | AreaEndpoint<typeof subscriptionsArea>
  | AreaEndpoint<typeof playlistsArea>;

/** Not the session (getCurrentUser): it is checked afresh at every start. */
export const PERSISTED_QUERIES = [
  'getProfile',
  'getFeed',
  'getRelatedVideos',
  'getVideo',
  'getUserVideos',
  'getMyVideos',
  'getViews',
  'getWatchHistory',
  'getLikedVideos',
  'getComments',
  'getSubscriptionStatus',
  'getSubscribedTo',
  'getUserPlaylists',
  'getPlaylist',
] as const satisfies readonly EndpointName[];

const persisted: ReadonlySet<string> = new Set(PERSISTED_QUERIES);

export const isPersisted = (endpoint: string): boolean => persisted.has(endpoint);
