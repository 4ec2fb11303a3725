// Every cache tag the client uses, built in one place: endpoints provide and invalidate them, the live
// events (liveHandlers.ts) and the offline queue invalidate them. One type per entity; a list provides
// `{type, id: 'LIST'}` or a scoped list id (a user's videos, a video's comments).
//
// Paged lists deliberately do NOT provide one tag per item: a live 'views-updated' for one video
// would otherwise refetch every page of every feed holding it; item changes that matter to a list
// (delete, add) invalidate the list id instead.

export const TAG_TYPES = [
  'CurrentUser',
  'Profile',
  'Video',
  'Views',
  'VideoReaction',
  'History',
  'LikedVideo',
  'Comment',
  'CommentReaction',
  'Subscription',
  'Playlist',
  'Search',
  'Report',
  'Notification',
  'Moderation',
  'Block',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

const LIST = 'LIST' as const;

const tag = <T extends TagType>(type: T, id: string) => ({ type, id });

export const tags = {
  currentUser: () => tag('CurrentUser', 'ME'),
  /** By username (screens) and by id (live subscription events carry the channel id). */
  profile: (usernameOrId: string) => tag('Profile', usernameOrId),
  profiles: () => tag('Profile', LIST),

  video: (videoId: string) => tag('Video', videoId),
  /** Every video list (feeds, related, channels): only lists provide it. */
  videos: () => tag('Video', LIST),
  videosOf: (username: string) => tag('Video', `USER-${username}`),
  myVideos: () => tag('Video', 'MINE'),
  views: (videoId: string) => tag('Views', videoId),
  videoReactions: (videoId: string) => tag('VideoReaction', videoId),
  history: () => tag('History', LIST),
  likedVideos: () => tag('LikedVideo', LIST),
  watchLater: () => tag('Video', 'WATCH-LATER'),

  comment: (commentId: string) => tag('Comment', commentId),
  comments: () => tag('Comment', LIST),
  commentsOf: (videoId: string) => tag('Comment', `VIDEO-${videoId}`),
  commentReactions: (commentId: string) => tag('CommentReaction', commentId),

  /** One channel's status (isSubscribed, totalSubscribers). */
  subscription: (channelId: string) => tag('Subscription', channelId),
  /** The channels the signed-in user follows. */
  mySubscriptions: () => tag('Subscription', 'MINE'),
  subscriptionsBy: (userId: string) => tag('Subscription', `BY-${userId}`),

  playlist: (playlistId: string) => tag('Playlist', playlistId),
  playlists: () => tag('Playlist', LIST),
  playlistsOf: (username: string) => tag('Playlist', `USER-${username}`),

  /** The followed channels' newest videos (/subscriptions). */
  subscriptionFeed: () => tag('Subscription', 'FEED'),
  notifications: () => tag('Notification', LIST),
  unreadNotifications: () => tag('Notification', 'UNREAD'),
  notificationPreferences: () => tag('Notification', 'PREFERENCES'),

  search: () => tag('Search', LIST),
  report: (videoId: string) => tag('Report', videoId),

  /** The moderation screen's lists, one id per tab (the live 'moderation-updated' names which changed). */
  moderation: (list: ModerationList) => tag('Moderation', list),
  /** The users I blocked (Settings > Privacy). */
  blocks: () => tag('Block', LIST),
};

export type ModerationList = 'reports' | 'takedowns' | 'suspensions' | 'users' | 'log' | 'jobs';

/** The lists a new or removed video shows up in (also after a tus upload, which is no mutation). */
export const videoListsOf = (username?: string) => [
  tags.videos(),
  ...(username ? [tags.videosOf(username)] : []),
  tags.myVideos(),
  tags.history(),
  tags.likedVideos(),
  tags.playlists(),
  tags.search(),
];
