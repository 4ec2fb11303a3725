// The tus upload lock across API nodes (a round-robin load balancer sends a client's PATCH to any
// of them): a Redis key per upload, taken with SET NX and a lease renewed while held. A request
// that finds the upload locked asks the holder, wherever it runs, to let go (tus ends the holder's
// stalled request), over one pub/sub channel. While Redis is away tus requests answer 503
// (routes/tus.ts); one that meets the outage midway falls back to this process's own lock (tus'
// MemoryLocker), as a single node would have.
import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, MemoryLocker, type RequestRelease } from '@tus/server';
import type { Redis } from 'ioredis';
import type { RedisLink } from '../redis/redisLink.js';

const KEY_PREFIX = 'vidshare:tus-lock:';
const RELEASE_CHANNEL = 'vidshare:tus-release';
/** A holder that died keeps the upload locked this long at most. */
const LEASE_MS = 15_000;
const RETRY_MS = 50;
/** Asks the holder again this often while waiting (a release request may land before its lock). */
const ASK_AGAIN_MS = 1000;
const ACQUIRE_TIMEOUT_MS = 30_000;

const RELEASE_IF_OURS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const RENEW_IF_OURS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export class RedisLocker implements Locker {
  /** Uploads locked by this process, with how to make their request let go. */
  readonly held = new Map<string, { token: string; release: RequestRelease }>();
  readonly memory = new MemoryLocker({ acquireLockTimeout: ACQUIRE_TIMEOUT_MS });
  readonly client: Redis;
  private readonly subscriber: Redis;

  constructor(readonly redis: RedisLink) {
    this.client = redis.fastClient;
    this.subscriber = redis.client({ maxRetriesPerRequest: null });
    this.subscriber.subscribe(RELEASE_CHANNEL).catch(() => undefined); // renewed by ioredis on reconnect
    this.subscriber.on('message', (_channel: string, id: string) => void this.held.get(id)?.release());
  }

  newLock(id: string): Lock {
    return new RedisLock(this, id);
  }

  askRelease(id: string): Promise<unknown> {
    return this.client.publish(RELEASE_CHANNEL, id);
  }
}

class RedisLock implements Lock {
  private readonly token = randomUUID();
  private readonly key: string;
  private renewal: NodeJS.Timeout | undefined;
  private local: Lock | null = null;

  constructor(
    private readonly locker: RedisLocker,
    private readonly id: string,
  ) {
    this.key = `${KEY_PREFIX}${id}`;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    let askedAt = 0;
    for (;;) {
      if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      let taken: string | null;
      try {
        if (!this.locker.redis.isUp) throw new Error('Redis is away');
        taken = await this.locker.client.set(this.key, this.token, 'PX', LEASE_MS, 'NX');
      } catch {
        this.local = this.locker.memory.newLock(this.id);
        return this.local.lock(signal, requestRelease);
      }
      if (taken === 'OK') {
        this.locker.held.set(this.id, { token: this.token, release: requestRelease });
        this.renewal = setInterval(() => void this.renew(), LEASE_MS / 3);
        this.renewal.unref();
        return;
      }
      if (Date.now() - askedAt >= ASK_AGAIN_MS) {
        askedAt = Date.now();
        await this.locker.askRelease(this.id).catch(() => undefined);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  async unlock(): Promise<void> {
    if (this.local) return this.local.unlock();
    clearInterval(this.renewal);
    if (this.locker.held.get(this.id)?.token === this.token) this.locker.held.delete(this.id);
    // Not released (Redis away): the lease runs out by itself.
    await this.locker.client.eval(RELEASE_IF_OURS, 1, this.key, this.token).catch(() => undefined);
  }

  private async renew(): Promise<void> {
    await this.locker.client.eval(RENEW_IF_OURS, 1, this.key, this.token, String(LEASE_MS)).catch(() => undefined);
  }
}
