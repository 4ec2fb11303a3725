// The API's page-numbered lists ({..., hasMore}) as RTK Query infinite queries.
export const pagedByNumber = {
  initialPageParam: 1,
  getNextPageParam: (lastPage: { hasMore: boolean }, _all: unknown[], lastPageParam: number) =>
    lastPage.hasMore ? lastPageParam + 1 : undefined,
  // A refetch (tag invalidation, reconnect, remount) reloads page 1 only: the feed is shuffled per
  // page, so refetching every cached page would cost N requests for little gain.
  refetchCachedPages: false,
};
