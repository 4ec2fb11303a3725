// Search calls: three lists, each ranked by the server; and the popular searches the
// phone's search dialog offers (words of the catalogue's most viewed videos).
import type { Playlist, PopularSearches, UserSearchResult, VideoCard } from '../../../contract/entities';
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
    popularSearches: build.query<PopularSearches, void>({
      query: () => '/search/popular',
      providesTags: searchTags,
    }),
  }),
});

export const { useSearchUsersQuery, useSearchVideosQuery, useSearchPlaylistsQuery, usePopularSearchesQuery } = searchApi;
