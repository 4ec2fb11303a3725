// What routes may ask the repositories: the reads below, and nothing else. Every write goes through
// a use case (server/useCases/), which publishes its domain event; routes reach the repositories
// as `app.reads` (this type) and oxlint refuses `app.repos` in server/routes/ (.oxlintrc.json).
// A new read a route needs is added here by name; a write never is.
import type { Repositories } from './index.js';

/** The repositories as routes see them: only these reads. */
export interface ReadRepositories {
  accounts: Pick<Repositories['accounts'], 'list'>;
  analytics: Pick<Repositories['analytics'], 'channelDays' | 'subscriptionDays' | 'topVideos' | 'videoHours'>;
  blocks: Pick<Repositories['blocks'], 'blockedIds' | 'list'>;
  captions: Pick<Repositories['captions'], 'find' | 'list'>;
  comments: Pick<Repositories['comments'], 'findById' | 'likedAmong' | 'likers' | 'listForVideo'>;
  history: Pick<Repositories['history'], 'list' | 'positionOf'>;
  jobs: Pick<Repositories['jobs'], 'errorsOf' | 'list' | 'progressOf' | 'types'>;
  moderation: Pick<Repositories['moderation'], 'findReport' | 'logEntries' | 'logRow' | 'reports' | 'roleOf' | 'suspensions' | 'takedowns'>;
  notifications: Pick<Repositories['notifications'], 'list' | 'preferences' | 'unreadCount'>;
  playlists: Pick<Repositories['playlists'], 'findById' | 'listByOwner' | 'previews' | 'videos'>;
  reactions: Pick<Repositories['reactions'], 'likedVideos' | 'reactionOf' | 'reactorsOf'>;
  reports: Pick<Repositories['reports'], 'exists' | 'existsForComment'>;
  runners: Pick<Repositories['runners'], 'activeByTokenHash'>;
  search: Pick<Repositories['search'], 'mostViewedRecentTitles' | 'playlists' | 'users' | 'videos'>;
  subscriptions: Pick<Repositories['subscriptions'], 'countOf' | 'find' | 'isSubscribed' | 'subscribedChannels'>;
  tusUploads: Pick<Repositories['tusUploads'], 'find'>;
  users: Pick<Repositories['users'], 'findByEmail' | 'findById' | 'findByUsername' | 'profileStats' | 'totalViews'>;
  videoMedia: Pick<Repositories['videoMedia'], 'find' | 'renditionSizes' | 'renditions'>;
  videos: Pick<Repositories['videos'], 'countUploadedBy' | 'feed' | 'findCard' | 'findDetail' | 'findState' | 'subscriptionFeed' | 'uploadedBy'>;
  views: Pick<Repositories['views'], 'info'>;
  watchLater: Pick<Repositories['watchLater'], 'has' | 'list' | 'readyVideos'>;
}
