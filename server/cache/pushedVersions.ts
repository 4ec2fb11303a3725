// The read cache's versions as pushed over Redis pub/sub: every bump publishes the new values, and
// each process keeps them in a Map, so a cache hit needs no round trip to Redis. The Map is only
// trusted while the subscription runs: a closed connection (Redis restarted, the subscriber cut,
// or dropped by Redis for a full output buffer, the only ways pub/sub loses a message) empties it,
// and until the subscription is back the cache reads the versions from Redis on every read.
import type { Redis } from 'ioredis';
import type { RedisLink } from '../redis/redisLink.js';

/** Names kept; past it the Map starts over (names are read from Redis again, once each). */
const MAX_KNOWN = 100_000;
/** Longest wait for a bump's own message to come back (a connection that died unnoticed). */
const ECHO_WAIT_MS = 250;

/**
 * INCR and PEXPIRE each version key, then one PUBLISH of the new values. As one script it is
 * atomic: every subscriber gets a key's values in the order they were made.
 * KEYS: version keys; ARGV: key TTL in ms, channel, bump id, names (JSON).
 */
export const BUMP_SCRIPT = `
local values = {}
for i, key in ipairs(KEYS) do
  values[i] = redis.call('INCR', key)
  redis.call('PEXPIRE', key, ARGV[1])
end
redis.call('PUBLISH', ARGV[2], cjson.encode({ id = ARGV[3], names = cjson.decode(ARGV[4]), values = values }))
return values
`;

interface BumpMessage {
  id: string;
  names: string[];
  values: number[];
}

export class PushedVersions {
  private readonly known = new Map<string, number>();
  private readonly echoes = new Map<string, () => void>();
  private readonly subscriber: Redis;
  /** Subscribed, and the Map emptied since the last lost connection. */
  private live = false;
  /** Moves whenever the Map is emptied: versions read from Redis before that are not kept. */
  private generation = 0;

  /**
   * @param connectionName what CLIENT LIST shows for the subscriber connection (unique per process)
   */
  constructor(
    link: RedisLink,
    readonly channel: string,
    readonly connectionName: string,
  ) {
    // Resubscribed by hand on each connection, so that "live" starts when the subscription does.
    this.subscriber = link.client({ autoResubscribe: false, maxRetriesPerRequest: null, connectionName });
    this.subscriber.on('message', (from: string, message: string) => {
      if (from === this.channel) this.apply(message);
    });
    this.subscriber.on('ready', () => void this.subscribe());
    this.subscriber.on('close', () => this.drop());
  }

  get isLive(): boolean {
    return this.live;
  }

  /** The current generation, to hand back to `learn`. */
  get epochOfMap(): number {
    return this.generation;
  }

  /** The versions of `names` when every one is known here, else null (read them from Redis). */
  valuesOf(names: readonly string[]): number[] | null {
    if (!this.live) return null;
    const values: number[] = [];
    for (const name of names) {
      const value = this.known.get(name);
      if (value === undefined) return null;
      values.push(value);
    }
    return values;
  }

  /** Versions read from Redis at `generation`: kept for names no message has set since. */
  learn(names: readonly string[], values: readonly number[], generation: number): void {
    if (!this.live || generation !== this.generation) return;
    names.forEach((name, i) => {
      if (!this.known.has(name)) this.known.set(name, values[i]!);
    });
  }

  /**
   * Expects this bump's own message; the function returned resolves once it came back: Redis has
   * then written it to every other subscriber, ahead of anything a client sends after the answer
   * that waits for this. Called once Redis ran the bump, it waits at most ECHO_WAIT_MS for it, and
   * lets the connection's waiting input be read before giving up: on a loop that was busy, timers
   * run before I/O, so the echo already here would otherwise lose to its own deadline.
   */
  echoOf(id: string): () => Promise<void> {
    if (!this.live) return () => Promise.resolve();
    let arrived!: () => void;
    const echo = new Promise<void>((resolve) => (arrived = resolve));
    this.echoes.set(id, () => {
      this.echoes.delete(id);
      arrived();
    });
    return () => {
      const timer = setTimeout(() => setImmediate(() => this.echoes.get(id)?.()), ECHO_WAIT_MS);
      return echo.finally(() => clearTimeout(timer));
    };
  }

  /** The bump never reached Redis: no message will come back for it. */
  forgetEcho(id: string): void {
    this.echoes.delete(id);
  }

  private async subscribe(): Promise<void> {
    const generation = this.generation;
    try {
      await this.subscriber.subscribe(this.channel);
    } catch {
      return; // the connection went again; the next 'ready' subscribes
    }
    if (generation !== this.generation) return;
    this.known.clear();
    this.generation += 1;
    this.live = true;
  }

  private drop(): void {
    this.live = false;
    this.generation += 1;
    this.known.clear();
    // oxlint-disable-next-line unicorn/no-useless-spread -- a snapshot: each call deletes its own entry
    for (const done of [...this.echoes.values()]) done();
  }

  private apply(raw: string): void {
    let message: BumpMessage;
    try {
      message = JSON.parse(raw) as BumpMessage;
    } catch {
      return;
    }
    if (this.live) {
      if (this.known.size + message.names.length > MAX_KNOWN) {
        this.known.clear();
        this.generation += 1;
      }
      message.names.forEach((name, i) => this.known.set(name, Number(message.values[i])));
    }
    this.echoes.get(message.id)?.();
  }
}
