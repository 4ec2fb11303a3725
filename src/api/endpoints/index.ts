// Importing this module registers every endpoint of spec section 7 on the one api slice.
export * from './users';
export * from './videos';
export * from './reactions';
export * from './comments';
export * from './subscriptions';
export * from './playlists';
export * from './search';
export * from './reports';
export * from './notifications';
