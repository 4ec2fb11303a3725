// Infinite scroll (spec section 4): the next page when within 1000 px of the page bottom, never while
// loading, only while there is more. One hook for every list.
import { useEffect, useRef } from 'react';

export const SCROLL_TRIGGER_PX = 1000;

export function nearBottom(scrollY: number, viewportHeight: number, documentHeight: number, threshold = SCROLL_TRIGGER_PX): boolean {
  return scrollY + viewportHeight >= documentHeight - threshold;
}

export function useInfiniteScroll({ hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore: () => void }) {
  const latest = useRef({ hasMore, loading, onLoadMore });
  latest.current = { hasMore, loading, onLoadMore };

  useEffect(() => {
    const check = () => {
      const { hasMore: more, loading: busy, onLoadMore: load } = latest.current;
      if (!more || busy) return;
      if (nearBottom(window.scrollY, window.innerHeight, document.documentElement.scrollHeight)) load();
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
  }, [hasMore, loading]);
}

/** Pages flattened with duplicates (by id) dropped: shuffled pages may repeat a video. */
export function uniqueById<T extends { _id: string }>(pages: ReadonlyArray<{ videos: readonly T[] }> | undefined): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.videos) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      items.push(item);
    }
  }
  return items;
}
