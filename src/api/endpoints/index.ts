// Importing this module registers the endpoints the boot needs on the one api slice. Areas used only
// by lazy screens (moderation.ts, blocks.ts, reports.ts, push.ts) are injected when their screens' chunks load.
export * from './users';
export * from './videos';
export * from './reactions';
export * from './comments';
export * from './subscriptions';
export * from './playlists';
export * from './search';
export * from './notifications';
