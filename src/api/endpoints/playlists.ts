// Playlists (spec section 7, plus removing a video, which issue 3 adds).
import type { Playlist, PlaylistDetail, PlaylistPage } from '../../../contract/entities';
import { api, LIST } from '../api';
import { pagedByNumber } from './paging';

export const playlistsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createPlaylist: build.mutation<Playlist, { name: string; description: string }>({
      query: (body) => ({ url: '/playlist/create', method: 'POST', body }),
      invalidatesTags: [{ type: 'Playlist', id: LIST }],
    }),
    getUserPlaylists: build.infiniteQuery<PlaylistPage, string, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ queryArg, pageParam }) => ({ url: `/playlist/user/${encodeURIComponent(queryArg)}/playlists`, params: { page: pageParam } }),
      providesTags: (_data, _error, username) => [{ type: 'Playlist', id: LIST }, { type: 'Playlist', id: `USER-${username}` }],
    }),
    /** One playlist with its videos paged; each page repeats the playlist header. */
    getPlaylist: build.infiniteQuery<PlaylistDetail, string, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ queryArg, pageParam }) => ({ url: `/playlist/${encodeURIComponent(queryArg)}`, params: { page: pageParam } }),
      providesTags: (_data, _error, playlistId) => [{ type: 'Playlist', id: playlistId }],
    }),
    renamePlaylist: build.mutation<Playlist, { playlistId: string; name: string }>({
      query: ({ playlistId, name }) => ({ url: `/playlist/${encodeURIComponent(playlistId)}`, method: 'PATCH', body: { name } }),
      invalidatesTags: (_playlist, _error, { playlistId }) => [{ type: 'Playlist', id: playlistId }, { type: 'Playlist', id: LIST }],
    }),
    deletePlaylist: build.mutation<unknown, string>({
      query: (playlistId) => ({ url: `/playlist/${encodeURIComponent(playlistId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, playlistId) => [{ type: 'Playlist', id: playlistId }, { type: 'Playlist', id: LIST }, { type: 'Search', id: LIST }],
    }),
    addVideoToPlaylist: build.mutation<Playlist, { videoId: string; playlistId: string }>({
      query: ({ videoId, playlistId }) => ({ url: `/playlist/add/${encodeURIComponent(videoId)}/${encodeURIComponent(playlistId)}`, method: 'PATCH' }),
      invalidatesTags: (_playlist, _error, { playlistId }) => [{ type: 'Playlist', id: playlistId }, { type: 'Playlist', id: LIST }],
    }),
    removeVideoFromPlaylist: build.mutation<Playlist, { videoId: string; playlistId: string }>({
      query: ({ videoId, playlistId }) => ({ url: `/playlist/remove/${encodeURIComponent(videoId)}/${encodeURIComponent(playlistId)}`, method: 'PATCH' }),
      invalidatesTags: (_playlist, _error, { playlistId }) => [{ type: 'Playlist', id: playlistId }, { type: 'Playlist', id: LIST }],
    }),
  }),
});

export const {
  useCreatePlaylistMutation,
  useGetUserPlaylistsInfiniteQuery,
  useGetPlaylistInfiniteQuery,
  useRenamePlaylistMutation,
  useDeletePlaylistMutation,
  useAddVideoToPlaylistMutation,
  useRemoveVideoFromPlaylistMutation,
} = playlistsApi;
