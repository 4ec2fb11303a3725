// A user's library as tabs: uploaded videos, playlists, liked videos, watch history and Watch later. The profile
// shows them as its tabs, and the library pages (/my-videos, /liked-videos, /watch-history) show one
// each; both take them from here, so profile and library never import each other's files.
export { LikedVideosTab } from './LikedVideosTab';
export { UploadedVideosTab } from './UploadedVideosTab';
export { WatchHistoryTab } from './WatchHistoryTab';
export { WatchLaterTab } from './WatchLaterTab';
export { PlaylistsTab } from '../playlists/PlaylistsTab';
