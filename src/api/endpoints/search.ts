// Search (spec section 7): three lists, each ranked by the server.
import type { Playlist, UserSearchResult, VideoCard } from '../../../contract/entities';
import { api } from '../api';
import { tags } from '../tags';

const searchTags = [tags.search()];

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchUsers: build.query<UserSearchResult[], string>({
      query: (q) => ({ url: '/users/search', params: { q } }),
      providesTags: searchTags,
    }),
    searchVideos: build.query<VideoCard[], string>({
      query: (q) => ({ url: '/videos/search', params: { q } }),
      providesTags: searchTags,
    }),
    searchPlaylists: build.query<Playlist[], string>({
      query: (q) => ({ url: '/playlist/search', params: { q } }),
      providesTags: searchTags,
    }),
  }),
});

export const { useSearchUsersQuery, useSearchVideosQuery, useSearchPlaylistsQuery } = searchApi;
