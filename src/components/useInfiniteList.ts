// Infinite scroll: the next page when within 1000 px of the page bottom, never while
// loading, only while there is more; duplicates by id dropped. One hook for every list (feed, related,
// profile tabs, playlist videos, history, liked).
import { useEffect, useRef } from 'react';

const SCROLL_TRIGGER_PX = 1000;

export function nearBottom(scrollY: number, viewportHeight: number, documentHeight: number, threshold = SCROLL_TRIGGER_PX): boolean {
  return scrollY + viewportHeight >= documentHeight - threshold;
}

export interface InfiniteScrollOptions {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** Off while a list is hidden (e.g. an inactive tab). */
  enabled?: boolean;
}

/** Calls onLoadMore when the page is scrolled near its bottom (also once a short page settles). */
export function useInfiniteScroll({ hasMore, loading, onLoadMore, enabled = true }: InfiniteScrollOptions) {
  const latest = useRef({ hasMore, loading, onLoadMore, enabled });
  latest.current = { hasMore, loading, onLoadMore, enabled };

  useEffect(() => {
    const check = () => {
      const { hasMore: more, loading: busy, onLoadMore: load, enabled: on } = latest.current;
      if (!on || !more || busy) return;
      if (nearBottom(window.scrollY, window.innerHeight, document.documentElement.scrollHeight)) {
        // Block a second call from the next scroll event before the caller's loading flag arrives.
        latest.current.loading = true;
        load();
      }
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    // A short first page may not fill the screen: check once the page has settled.
    const timer = setTimeout(check, 0);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      clearTimeout(timer);
    };
  }, [hasMore, loading, enabled]);
}

/** Pages flattened with duplicates (by _id) dropped: shuffled pages may repeat an item. */
export function uniqueById<T extends { _id: string }, P = { videos: readonly T[] }>(
  pages: readonly P[] | undefined,
  itemsOf: (page: P) => readonly T[] = (page) => (page as { videos: readonly T[] }).videos,
): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages ?? []) {
    for (const item of itemsOf(page)) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      items.push(item);
    }
  }
  return items;
}

/** The parts of an RTK Query infinite-query result that a list needs. */
export interface InfiniteResult<P> {
  data?: { pages: readonly P[] };
  hasNextPage?: boolean;
  isLoading: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** What useInfiniteList gives a list: its items and the flags VideoGrid takes. */
export interface InfiniteList<T> {
  items: T[];
  hasMore: boolean;
  loading: boolean;
  loadingMore: boolean;
  isError: boolean;
  retry: () => void;
}

/**
 * An infinite query wired to the page scroll: its items without duplicates and the flags VideoGrid
 * takes. `useInfiniteList(useGetFeedInfiniteQuery())`, or with `page => page.playlists` for playlists.
 */
export function useInfiniteList<T extends { _id: string }, P = { videos: readonly T[] }>(
  result: InfiniteResult<P>,
  itemsOf?: (page: P) => readonly T[],
  { enabled = true }: { enabled?: boolean } = {},
): InfiniteList<T> {
  const items = uniqueById<T, P>(result.data?.pages, itemsOf);
  const hasMore = Boolean(result.hasNextPage);
  useInfiniteScroll({
    hasMore,
    // A failed next page stops the loop until Try Again (the error panel or footer offers it).
    loading: result.isFetching || (result.isError && items.length > 0),
    onLoadMore: () => void result.fetchNextPage(),
    enabled,
  });
  return {
    items,
    hasMore,
    loading: result.isLoading,
    loadingMore: result.isFetchingNextPage,
    isError: result.isError,
    retry: () => void (items.length ? result.fetchNextPage() : result.refetch()),
  };
}
