// The rate-limit store and key. The store: Redis while it answers (limits hold across processes), this process's own
// counters while it does not, instead of no limit at all (@fastify/rate-limit's skipOnError).
import { createRequire } from 'node:module';
import { type FastifyRateLimitOptions, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { RedisLink } from '../redis/redisLink.js';

type StoreArgs = [continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]];
type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

// The plugin's own stores (not exported by name, but shipped as files of the package).
const load = createRequire(import.meta.url);
const RedisStore = load('@fastify/rate-limit/store/RedisStore.js') as new (...args: StoreArgs) => FastifyRateLimitStore;
const LocalStore = load('@fastify/rate-limit/store/LocalStore.js') as new (...args: StoreArgs) => FastifyRateLimitStore;

class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: RedisLink,
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    if (!this.redis.isUp) return this.local.incr(key, callback, timeWindow, max);
    this.shared.incr(
      key,
      (error, result) => (error ? this.local.incr(key, callback, timeWindow, max) : callback(null, result)),
      timeWindow,
      max,
    );
  }

  child(options: ChildOptions): FastifyRateLimitStore {
    return new FallbackStore(this.redis, this.shared.child(options), this.local.child(options));
  }
}

/** A store class for @fastify/rate-limit's `store` option. */
export function fallbackStore(redis: RedisLink, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const { continueExceeding = false, exponentialBackoff = false } = options;
      // The monitor connection fails at once while Redis is away: no request waits for it.
      super(redis, new RedisStore(continueExceeding, exponentialBackoff, redis.fastClient, nameSpace), new LocalStore(continueExceeding, exponentialBackoff));
    }
  };
}

/**
 * The rate-limit key: the client's address as @fastify/rate-limit normalizes it. A client that hung up
 * while an earlier hook awaited (e.g. the sign-in check) has no address any more; the library's own
 * key then threw and the request ended as a logged 500.
 */
export function rateLimitKey(request: Pick<FastifyRequest, 'ip'>): string {
  return request.ip ? normalizeIP(request.ip) : 'disconnected';
}
