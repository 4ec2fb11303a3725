// The users I blocked (Settings > Privacy): their comments are hidden from me, and they cannot
// comment on my videos, reply to me or subscribe to me. Blocking changes which comments I see.
import type { BlockedUser, BlockList, BlockStatus } from '../../../contract/moderation';
import { api } from '../api';
import { tags } from '../tags';

const blocksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBlockedUsers: build.query<BlockedUser[], void>({
      query: () => '/users/blocks',
      transformResponse: (answer: BlockList) => answer.users,
      providesTags: [tags.blocks()],
    }),
    blockUser: build.mutation<BlockStatus, string>({
      query: (userId) => ({ url: `/users/blocks/${encodeURIComponent(userId)}`, method: 'POST', body: {} }),
      invalidatesTags: [tags.blocks(), tags.comments()],
    }),
    unblockUser: build.mutation<BlockStatus, string>({
      query: (userId) => ({ url: `/users/blocks/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      invalidatesTags: [tags.blocks(), tags.comments()],
    }),
  }),
});

export const { useGetBlockedUsersQuery, useBlockUserMutation, useUnblockUserMutation } = blocksApi;
