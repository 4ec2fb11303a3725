// Limits on what one socket may ask of the server: without them, 120,000 join-video/leave-video
// from 200 sockets, each a database query, stall the API for 2 s.

/** A token bucket: `burst` events at once, refilled at `perSecond`. */
export class EventBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.last = now;
  }

  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Counts dropped events per window; `tooMany` once a socket keeps flooding past the limit. */
export class DropCounter {
  private count = 0;
  private windowStart: number;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    now = Date.now(),
  ) {
    this.windowStart = now;
  }

  /** Records one drop; true when this window has seen `max` of them. */
  tooMany(now = Date.now()): boolean {
    if (now - this.windowStart > this.windowMs) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count += 1;
    return this.count >= this.max;
  }
}

/**
 * A small time-limited cache in front of an async lookup, shared by all sockets: concurrent
 * lookups of one key share one query, answers (misses too) are kept `ttlMs`, at most `maxEntries`.
 */
export function cachedLookup<T>(lookup: (key: string) => Promise<T>, ttlMs: number, maxEntries: number): (key: string) => Promise<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return (key) => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    if (hit) entries.delete(key);
    const value = lookup(key);
    value.catch(() => entries.delete(key)); // a failed lookup is asked again next time
    entries.set(key, { at: now, value });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return value;
  };
}
