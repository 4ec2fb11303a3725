// The read cache: anonymous feed pages, each user's subscriptions feed, a video's public detail,
// comment pages and profile tiles kept as ready serialized bodies, in this process and, with
// REDIS_URL, in Redis for the other processes. It is never stale for a writer:
// - every entry is stored under the versions of the things it shows (`feed`, `follows:<userId>`,
//   `video:<id>`, `comments:<videoId>`, `profiles`, and the global `epoch`);
// - the domain events of the writes that change them bump those versions
//   (server/subscribers/readCacheInvalidation.ts); a bump happens after the write committed and
//   before its answer leaves (the onSend hook waits for bumps still on their way to Redis);
// - a read first asks for the current versions, then looks for the entry under exactly those. They
//   are a Map in this process; with REDIS_URL, a Map fed by Redis pub/sub (cache/pushedVersions.ts:
//   each bump publishes its new values, and a write's answer waits until Redis has passed them on),
//   read from Redis with one MGET for names not known yet and whenever the subscription is down.
// A short TTL (READ_CACHE_TTL_MS) is only a safety net. While Redis is away, reads skip the cache
// (another process's writes could not be seen) and the epoch is bumped when Redis is back.
// Per-caller fields (isLiked, userReaction, resumeAt, isSubscribed) are never in an entry: the
// routes fetch them apart for signed-in callers and merge them on top.
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { RedisLink } from '../redis/redisLink.js';
import { BUMP_SCRIPT, PushedVersions } from './pushedVersions.js';

/** Version names: what an entry depends on, and what a write bumps. */
export const CacheDeps = {
  /** Every list of video cards (feed pages) and every profile's totals. */
  feed: 'feed',
  video: (videoId: string) => `video:${videoId}`,
  comments: (videoId: string) => `comments:${videoId}`,
  /** Profile tiles: subscriber counts (their totals follow `feed`). */
  profiles: 'profiles',
  /** Which channels a user follows: their subscriptions feed (whose cards follow `feed`). */
  follows: (userId: string) => `follows:${userId}`,
  /** A user's Watch later list: their offline candidates (whose cards follow `feed`). */
  watchLater: (userId: string) => `watch-later:${userId}`,
  /** Everything: a user's name or avatar shows on cards, comments and profiles. */
  epoch: 'epoch',
} as const;

/** What routes see of the cache: reads only (writes invalidate through domain events). */
export type ReadCacheReader = Pick<ReadCache, 'read'>;

export interface Built<T> {
  value: T;
  /** False: answer this value but keep nothing (e.g. a video still processing). */
  store: boolean;
}

export interface ReadCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number;
  maxEntries?: number;
  redis: RedisLink | null;
  /** Redis key prefix. */
  namespace?: string;
}

interface Entry {
  tag: string;
  value: unknown;
  expires: number;
}

/** Version keys live far longer than any entry, so a version never repeats while an entry under it lives. */
const VERSION_TTL_MS = 24 * 3600 * 1000;
/** Version counters kept in this process (without Redis) before starting over under a new epoch. */
const MAX_LOCAL_VERSIONS = 100_000;

export class ReadCache {
  private readonly local = new Map<string, Entry>();
  private readonly versions = new Map<string, number>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly maxEntries: number;
  private readonly namespace: string;
  private readonly redis: RedisLink | null;
  /** With Redis: the versions pushed to this process (no round trip while the subscription runs). */
  private readonly pushed: PushedVersions | null;
  private readonly bumpPrefix = randomUUID();
  private bumps = 0;
  readonly ttlMs: number;
  /**
   * Counters for tests and the bench: where reads were answered from, and how many read the
   * versions from Redis (versionReads) instead of the pushed Map.
   */
  readonly stats = { local: 0, shared: 0, built: 0, bypassed: 0, versionReads: 0 };

  constructor(options: ReadCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 2000;
    this.namespace = options.namespace ?? 'vidshare:rc';
    this.redis = options.redis;
    this.pushed = this.redis && this.enabled ? new PushedVersions(this.redis, `${this.namespace}:bumps`, `${this.namespace}:sub:${this.bumpPrefix}`) : null;
    // Bumps made while Redis was away never reached the other processes: start a new epoch.
    this.redis?.onChange((up) => {
      if (up) this.bump(CacheDeps.epoch);
    });
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** With Redis: the subscriber connection's name and whether versions arrive pushed right now. */
  get pushedVersions(): { connectionName: string; live: boolean } | null {
    return this.pushed && { connectionName: this.pushed.connectionName, live: this.pushed.isLive };
  }

  /**
   * The value for `key` as of the current versions of `deps`: from this process, from Redis, or
   * built (and kept when the builder says so). Concurrent misses of one entry build it once.
   * Without Redis a hit is answered synchronously (no promise, no microtask turn: the hot path of
   * every cached read); callers await the result either way.
   */
  read<T>(key: string, deps: readonly string[], build: () => Promise<Built<T>>): T | Promise<T> {
    if (!this.enabled || (this.redis && !this.redis.isUp)) return this.bypass(build);
    if (!this.redis) return this.readAt(key, this.localTag(deps), build);
    const names = [CacheDeps.epoch, ...deps];
    const pushed = this.pushed?.valuesOf(names);
    if (pushed) return this.readAt(key, pushed.join('.'), build);
    return this.sharedTag(names).then(
      (tag) => this.readAt(key, tag, build),
      () => this.bypass(build),
    );
  }

  private async bypass<T>(build: () => Promise<Built<T>>): Promise<T> {
    this.stats.bypassed += 1;
    return (await build()).value;
  }

  private readAt<T>(key: string, tag: string, build: () => Promise<Built<T>>): T | Promise<T> {
    const entry = this.local.get(key);
    if (entry && entry.tag === tag && entry.expires > Date.now()) {
      this.stats.local += 1;
      return entry.value as T;
    }
    const flightKey = `${key}@${tag}`;
    const running = this.inflight.get(flightKey);
    if (running) return running as Promise<T>;
    const fill = this.fill(key, tag, build).finally(() => this.inflight.delete(flightKey));
    this.inflight.set(flightKey, fill);
    return fill;
  }

  /** A write changed what these versions cover: entries under the old versions are never read again. */
  bump(...names: string[]): void {
    if (!this.enabled) return;
    if (!this.redis) {
      for (const name of names) this.versions.set(name, (this.versions.get(name) ?? 0) + 1);
      // One counter per video ever changed: past the bound, start over under a new epoch (every
      // entry's tag starts with the epoch, so none built before is read again).
      if (this.versions.size > MAX_LOCAL_VERSIONS) {
        const epoch = (this.versions.get(CacheDeps.epoch) ?? 0) + 1;
        this.versions.clear();
        this.versions.set(CacheDeps.epoch, epoch);
      }
      return;
    }
    const id = `${this.bumpPrefix}:${(this.bumps += 1)}`;
    const echo = this.pushed?.echoOf(id);
    const keys = names.map((name) => this.versionKey(name));
    const sent: Promise<unknown> = this.redis.fastClient
      .eval(BUMP_SCRIPT, keys.length, ...keys, VERSION_TTL_MS, `${this.namespace}:bumps`, id, JSON.stringify(names))
      .then(
        () => echo?.(),
        () => void this.pushed?.forgetEcho(id),
      );
    this.pending.add(sent);
    void sent.finally(() => this.pending.delete(sent));
  }

  /** Resolves once every bump made so far reached Redis (or failed). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
  }

  /** Answers wait for the bumps their request made: the next read, in any process, sees the write. */
  register(app: FastifyInstance): void {
    app.addHook('onSend', (_request, _reply, payload, done) => {
      if (!this.pending.size) return done(null, payload);
      void this.settled().then(() => done(null, payload));
    });
  }

  clear(): void {
    this.local.clear();
  }

  private localTag(deps: readonly string[]): string {
    let tag = String(this.versions.get(CacheDeps.epoch) ?? 0);
    for (const dep of deps) tag += `.${this.versions.get(dep) ?? 0}`;
    return tag;
  }

  /** The versions of `names` (epoch first) read from Redis; the pushed Map keeps them. */
  private async sharedTag(names: readonly string[]): Promise<string> {
    this.stats.versionReads += 1;
    const generation = this.pushed?.epochOfMap ?? 0;
    const values = (await this.redis!.fastClient.mget(...names.map((name) => this.versionKey(name)))).map((value) => Number(value ?? 0));
    this.pushed?.learn(names, values, generation);
    return values.join('.');
  }

  private async fill<T>(key: string, tag: string, build: () => Promise<Built<T>>): Promise<T> {
    const sharedKey = `${this.namespace}:b:${key}@${tag}`;
    if (this.redis) {
      const shared = await this.redis.fastClient.get(sharedKey).catch(() => null);
      if (shared !== null) {
        this.stats.shared += 1;
        const value = JSON.parse(shared) as T;
        this.keep(key, tag, value);
        return value;
      }
    }
    this.stats.built += 1;
    const built = await build();
    if (!built.store) return built.value;
    this.keep(key, tag, built.value);
    if (this.redis) void this.redis.fastClient.set(sharedKey, JSON.stringify(built.value), 'PX', this.ttlMs).catch(() => undefined);
    return built.value;
  }

  private keep(key: string, tag: string, value: unknown): void {
    this.local.delete(key);
    this.local.set(key, { tag, value, expires: Date.now() + this.ttlMs });
    // Oldest first out (a Map keeps insertion order).
    while (this.local.size > this.maxEntries) this.local.delete(this.local.keys().next().value!);
  }

  private versionKey(name: string): string {
    return `${this.namespace}:v:${name}`;
  }
}
