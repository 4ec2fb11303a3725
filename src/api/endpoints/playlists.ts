// Playlist calls, plus removing a video from a playlist (an addition to the spec's calls).
import type { Playlist, PlaylistDetail, PlaylistPage } from '../../../contract/entities';
import { api, type ApiBuilder } from '../api';
import { queueable } from '../offline';
import type { CachePatch } from '../offlineTypes';
import { tags } from '../tags';
import { pagedByNumber } from './paging';
import { videosApi } from './videos';

// These four may wait offline, shown as pending: each declares its request and offline behaviour together.
const renamePlaylist = queueable<Playlist, { playlistId: string; name: string }>({
  request: ({ playlistId, name }) => ({ url: `/playlist/${encodeURIComponent(playlistId)}`, method: 'PATCH', body: { name } }),
  offline: {
    label: () => 'Playlist rename',
    placeholder: ({ name }) => ({ name }) as Playlist,
    patches: ({ playlistId, name }) => patchPlaylist(playlistId, (playlist) => void (playlist.name = name)),
  },
  invalidatesTags: (_playlist, _error, { playlistId }) => [tags.playlist(playlistId), tags.playlists()],
});

const deletePlaylist = queueable<unknown, string>({
  request: (playlistId) => ({ url: `/playlist/${encodeURIComponent(playlistId)}`, method: 'DELETE' }),
  offline: {
    label: () => 'Playlist delete',
    placeholder: () => ({}),
    patches: (playlistId) => [
      {
        endpoint: 'getUserPlaylists',
        recipe: ((data: Pages<PlaylistPage>) => {
          for (const page of data.pages) page.playlists = page.playlists.filter((playlist) => playlist._id !== playlistId);
        }) as CachePatch['recipe'],
      },
    ],
  },
  invalidatesTags: (_result, _error, playlistId) => [tags.playlist(playlistId), tags.playlists(), tags.search()],
});

const addVideoToPlaylist = queueable<Playlist, { videoId: string; playlistId: string }>({
  request: ({ videoId, playlistId }) => ({ url: `/playlist/add/${encodeURIComponent(videoId)}/${encodeURIComponent(playlistId)}`, method: 'PATCH' }),
  offline: {
    label: () => 'Save to playlist',
    // The answer carries the video as cached (a Video is a card with more fields), for the patch.
    placeholder: ({ videoId }, { read }) => {
      const video = read(videosApi.endpoints.getVideo.select(videoId)).data;
      return { videos: video ? [video] : [] } as unknown as Playlist;
    },
    patches: ({ playlistId }, answer) => answer.videos.flatMap((video) => patchPlaylist(playlistId, withVideo(video))),
  },
  invalidatesTags: (_playlist, _error, { playlistId }) => [tags.playlist(playlistId), tags.playlists()],
});

const removeVideoFromPlaylist = queueable<Playlist, { videoId: string; playlistId: string }>({
  request: ({ videoId, playlistId }) => ({ url: `/playlist/remove/${encodeURIComponent(videoId)}/${encodeURIComponent(playlistId)}`, method: 'PATCH' }),
  offline: {
    label: () => 'Playlist removal',
    placeholder: () => ({}) as Playlist,
    patches: ({ videoId, playlistId }) => patchPlaylist(playlistId, withoutVideo(videoId)),
  },
  invalidatesTags: (_playlist, _error, { playlistId }) => [tags.playlist(playlistId), tags.playlists()],
});

/** The area's writes that may wait in the offline queue, by endpoint name (offlineEndpoints.ts reads them). */
export const playlistsQueue = { renamePlaylist, deletePlaylist, addVideoToPlaylist, removeVideoFromPlaylist };

/** The area's definitions, injected below. */
export const playlistsArea = {
  endpoints: (build: ApiBuilder) => ({
    createPlaylist: build.mutation<Playlist, { name: string; description: string }>({
      query: (body) => ({ url: '/playlist/create', method: 'POST', body }),
      invalidatesTags: [tags.playlists()],
    }),
    getUserPlaylists: build.infiniteQuery<PlaylistPage, string, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ queryArg, pageParam }) => ({ url: `/playlist/user/${encodeURIComponent(queryArg)}/playlists`, params: { page: pageParam } }),
      providesTags: (_data, _error, username) => [tags.playlists(), tags.playlistsOf(username)],
    }),
    /** One playlist with its videos paged; each page repeats the playlist header. */
    getPlaylist: build.infiniteQuery<PlaylistDetail, string, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ queryArg, pageParam }) => ({ url: `/playlist/${encodeURIComponent(queryArg)}`, params: { page: pageParam } }),
      providesTags: (_data, _error, playlistId) => [tags.playlist(playlistId)],
    }),
    renamePlaylist: build.mutation(renamePlaylist),
    deletePlaylist: build.mutation(deletePlaylist),
    addVideoToPlaylist: build.mutation(addVideoToPlaylist),
    removeVideoFromPlaylist: build.mutation(removeVideoFromPlaylist),
  }),
};

export const playlistsApi = api.injectEndpoints(playlistsArea);

export const {
  useCreatePlaylistMutation,
  useGetUserPlaylistsInfiniteQuery,
  useGetPlaylistInfiniteQuery,
  useRenamePlaylistMutation,
  useDeletePlaylistMutation,
  useAddVideoToPlaylistMutation,
  useRemoveVideoFromPlaylistMutation,
} = playlistsApi;

type Pages<T> = { pages: T[] };
type VideoOfPlaylist = Playlist['videos'][number];

/** Changes one playlist wherever it is cached: in every user's list and on its own page. */
function patchPlaylist(playlistId: string, change: (playlist: Playlist) => void): CachePatch[] {
  return [
    {
      endpoint: 'getUserPlaylists',
      recipe: ((data: Pages<PlaylistPage>) => {
        for (const page of data.pages) for (const playlist of page.playlists) if (playlist._id === playlistId) change(playlist);
      }) as CachePatch['recipe'],
    },
    {
      endpoint: 'getPlaylist',
      arg: playlistId,
      recipe: ((data: Pages<PlaylistDetail>) => {
        // Every page repeats the header; the videos are the page's own.
        for (const page of data.pages) change(page.playlist);
      }) as CachePatch['recipe'],
    },
  ];
}

const withVideo = (video: VideoOfPlaylist) => (playlist: Playlist) => {
  if (playlist.videos.some((v) => v._id === video._id)) return;
  playlist.videos.push(video);
  playlist.videosCount += 1;
  playlist.totalVideos += 1;
};

const withoutVideo = (videoId: string) => (playlist: Playlist) => {
  const before = playlist.videos.length;
  playlist.videos = playlist.videos.filter((v) => v._id !== videoId);
  if (playlist.videos.length === before) return;
  playlist.videosCount = Math.max(0, playlist.videosCount - 1);
  playlist.totalVideos = Math.max(0, playlist.totalVideos - 1);
};
