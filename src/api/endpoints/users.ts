// Authentication and account calls.
import type { CurrentUser, LoginResult, Profile } from '../../../contract/entities';
import type { EnvelopeOf } from '../../../contract/envelope';
import { api, type ApiBuilder } from '../api';
import { tags } from '../tags';

export interface RegisterResult extends EnvelopeOf<CurrentUser> {
  token: string;
}

/** The area's definitions, injected below (persistedQueries.ts names the queries kept for an offline start). */
export const usersArea = {
  endpoints: (build: ApiBuilder) => ({
    login: build.mutation<LoginResult, { email: string; password: string }>({
      query: (body) => ({ url: '/users/login', method: 'POST', body }),
    }),
    /** multipart: username, email, password, fullName, avatar, optional coverImage. */
    register: build.mutation<RegisterResult, FormData>({
      query: (body) => ({ url: '/users/register', method: 'POST', body, keepEnvelope: true }),
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/users/logout', method: 'POST', body: {} }),
    }),
    getCurrentUser: build.query<CurrentUser, void>({
      query: () => '/users/me',
      providesTags: [tags.currentUser()],
      keepUnusedDataFor: 0,
    }),
    getProfile: build.query<Profile, string>({
      query: (username) => `/users/c/${encodeURIComponent(username)}`,
      providesTags: (profile, _error, username) => (profile ? [tags.profile(username), tags.profile(profile._id)] : [tags.profile(username)]),
    }),
    /** Profile page: multipart fullName; settings: fullName, email, username, bio. */
    updateAccountDetails: build.mutation<CurrentUser, FormData | { fullName: string; email?: string; username?: string; bio?: string }>({
      query: (body) => ({ url: '/users/update-all-details', method: 'POST', body }),
      invalidatesTags: (user) => [tags.currentUser(), user ? tags.profile(user._id) : tags.profiles(), tags.search()],
    }),
    updateCoverImage: build.mutation<CurrentUser, FormData>({
      query: (body) => ({ url: '/users/update-coverImage', method: 'POST', body }),
      invalidatesTags: (user) => [tags.currentUser(), user ? tags.profile(user._id) : tags.profiles()],
    }),
    updateAvatar: build.mutation<CurrentUser, FormData>({
      query: (body) => ({ url: '/users/update-avatar', method: 'POST', body }),
      // Avatars appear as owners on cards and comments everywhere.
      invalidatesTags: (user) => [tags.currentUser(), user ? tags.profile(user._id) : tags.profiles(), tags.videos(), tags.comments()],
    }),
    updatePassword: build.mutation<unknown, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/users/update-password', method: 'POST', body }),
    }),
  }),
};

export const usersApi = api.injectEndpoints(usersArea);

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useGetCurrentUserQuery,
  useGetProfileQuery,
  useUpdateAccountDetailsMutation,
  useUpdateCoverImageMutation,
  useUpdateAvatarMutation,
  useUpdatePasswordMutation,
} = usersApi;
