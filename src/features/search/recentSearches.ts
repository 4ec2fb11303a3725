// Recent searches: kept on this device only, newest first, at most RECENT_LIMIT, one
// entry per query whatever its case; the full-screen phone search lists them and removes them.
// Signing out forgets them (clearSession).
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../shared/storageKeys';
import { readDeviceValue, writeDeviceValue } from '../../lib/storage';

const RECENT_SEARCHES_KEY = STORAGE_KEYS.recentSearches;
const RECENT_LIMIT = 8;

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: string[] } = { raw: null, list: [] };

function read(): string[] {
  const raw = readDeviceValue(RECENT_SEARCHES_KEY);
  if (raw === cache.raw) return cache.list;
  let list: string[] = [];
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    if (Array.isArray(parsed)) list = parsed.filter((item): item is string => typeof item === 'string' && item.trim() !== '').slice(0, RECENT_LIMIT);
  } catch {
    /* broken JSON: none */
  }
  cache = { raw, list };
  return list;
}

function write(list: string[]): void {
  // Storage full or disabled: the list simply is not kept.
  writeDeviceValue(RECENT_SEARCHES_KEY, JSON.stringify(list));
  for (const listener of listeners) listener();
}

export function recentSearches(): string[] {
  return read();
}

/** Puts a submitted query first (trimmed); an older entry of the same query, any case, goes. */
export function rememberSearch(query: string): void {
  const trimmed = query.trim();
  if (!trimmed) return;
  const rest = read().filter((item) => item.toLowerCase() !== trimmed.toLowerCase());
  write([trimmed, ...rest].slice(0, RECENT_LIMIT));
}

export function forgetSearch(query: string): void {
  write(read().filter((item) => item !== query));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === RECENT_SEARCHES_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useRecentSearches(): string[] {
  return useSyncExternalStore(subscribe, read, () => []);
}
