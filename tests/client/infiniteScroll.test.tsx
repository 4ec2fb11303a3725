// The one infinite-scroll hook: within 1000 px of the bottom, never while loading,
// only while hasMore, duplicates by id dropped.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nearBottom, uniqueById, useInfiniteList, useInfiniteScroll, type InfiniteResult } from '../../src/components/useInfiniteList';

const VIEWPORT = 800;
const PAGE = 5000;

function setScroll(scrollY: number, documentHeight = PAGE) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: VIEWPORT });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: documentHeight });
}

function scrollTo(scrollY: number) {
  setScroll(scrollY);
  act(() => void window.dispatchEvent(new Event('scroll')));
}

beforeEach(() => {
  vi.useFakeTimers();
  setScroll(0);
});
afterEach(() => vi.useRealTimers());

describe('nearBottom', () => {
  it('is true from 1000 px above the bottom on', () => {
    // bottom of the viewport at 3200 of 5000: 1800 px left
    expect(nearBottom(2400, VIEWPORT, PAGE)).toBe(false);
    expect(nearBottom(3199, VIEWPORT, PAGE)).toBe(false);
    expect(nearBottom(3200, VIEWPORT, PAGE)).toBe(true);
    expect(nearBottom(4200, VIEWPORT, PAGE)).toBe(true);
  });
});

describe('useInfiniteScroll', () => {
  it('loads the next page only within 1000 px of the bottom', () => {
    const onLoadMore = vi.fn();
    renderHook(() => useInfiniteScroll({ hasMore: true, loading: false, onLoadMore }));
    act(() => void vi.runAllTimers());
    expect(onLoadMore).not.toHaveBeenCalled(); // a full page at the top: nothing yet
    scrollTo(2000);
    expect(onLoadMore).not.toHaveBeenCalled();
    scrollTo(3300);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('never loads while a page is loading', () => {
    const onLoadMore = vi.fn();
    const { rerender } = renderHook(({ loading }) => useInfiniteScroll({ hasMore: true, loading, onLoadMore }), { initialProps: { loading: true } });
    scrollTo(4200);
    scrollTo(4210);
    expect(onLoadMore).not.toHaveBeenCalled();
    rerender({ loading: false });
    // Still at the bottom when loading ends: the settle check asks for the next page.
    act(() => void vi.runAllTimers());
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('asks once per burst of scroll events until loading is reported', () => {
    const onLoadMore = vi.fn();
    renderHook(() => useInfiniteScroll({ hasMore: true, loading: false, onLoadMore }));
    scrollTo(4100);
    scrollTo(4150);
    scrollTo(4200);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('stops when there is no more', () => {
    const onLoadMore = vi.fn();
    renderHook(() => useInfiniteScroll({ hasMore: false, loading: false, onLoadMore }));
    scrollTo(4200);
    act(() => void vi.runAllTimers());
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('fills a short first page without any scroll', () => {
    setScroll(0, 600);
    const onLoadMore = vi.fn();
    renderHook(() => useInfiniteScroll({ hasMore: true, loading: false, onLoadMore }));
    act(() => void vi.runAllTimers());
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('does nothing while disabled and stops listening when unmounted', () => {
    const onLoadMore = vi.fn();
    const { rerender, unmount } = renderHook(({ enabled }) => useInfiniteScroll({ hasMore: true, loading: false, onLoadMore, enabled }), {
      initialProps: { enabled: false },
    });
    scrollTo(4200);
    expect(onLoadMore).not.toHaveBeenCalled();
    rerender({ enabled: true });
    scrollTo(4201);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    unmount();
    scrollTo(4202);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});

describe('uniqueById', () => {
  it('flattens pages and drops repeated ids, keeping the first', () => {
    const pages = [{ videos: [{ _id: 'a', n: 1 }, { _id: 'b', n: 1 }] }, { videos: [{ _id: 'b', n: 2 }, { _id: 'c', n: 2 }] }];
    expect(uniqueById(pages)).toEqual([{ _id: 'a', n: 1 }, { _id: 'b', n: 1 }, { _id: 'c', n: 2 }]);
    expect(uniqueById(undefined)).toEqual([]);
  });

  it('reads other page shapes through a selector', () => {
    const pages = [{ playlists: [{ _id: 'p1' }] }, { playlists: [{ _id: 'p1' }, { _id: 'p2' }] }];
    expect(uniqueById(pages, (page) => page.playlists).map((p) => p._id)).toEqual(['p1', 'p2']);
  });
});

describe('useInfiniteList', () => {
  const result = (over: Partial<InfiniteResult<{ videos: { _id: string }[] }>> = {}): InfiniteResult<{ videos: { _id: string }[] }> => ({
    data: { pages: [{ videos: [{ _id: 'a' }, { _id: 'b' }] }, { videos: [{ _id: 'b' }, { _id: 'c' }] }] },
    hasNextPage: true,
    isLoading: false,
    isFetching: false,
    isFetchingNextPage: false,
    isError: false,
    fetchNextPage: vi.fn(),
    refetch: vi.fn(),
    ...over,
  });

  it('gives unique items and fetches the next page near the bottom', () => {
    const query = result();
    const { result: list } = renderHook(() => useInfiniteList(query));
    expect(list.current.items.map((v) => v._id)).toEqual(['a', 'b', 'c']);
    expect(list.current.hasMore).toBe(true);
    scrollTo(4200);
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('does not loop on a failed next page; Try Again retries that page', () => {
    const query = result({ isError: true });
    const { result: list } = renderHook(() => useInfiniteList(query));
    scrollTo(4200);
    expect(query.fetchNextPage).not.toHaveBeenCalled();
    list.current.retry();
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(query.refetch).not.toHaveBeenCalled();
  });

  it('retries the first page when nothing loaded', () => {
    const query = result({ isError: true, data: undefined });
    const { result: list } = renderHook(() => useInfiniteList(query));
    list.current.retry();
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });
});
