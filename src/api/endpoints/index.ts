// Importing this module registers the endpoints the boot needs on the one api slice. Areas used only
// by lazy screens (moderation.ts, blocks.ts) are injected when their screen's chunk loads.
export * from './users';
export * from './videos';
export * from './reactions';
export * from './comments';
export * from './subscriptions';
export * from './playlists';
export * from './search';
export * from './reports';
export * from './notifications';
export * from './push';
