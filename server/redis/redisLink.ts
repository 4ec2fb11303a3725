// One Redis deployment as this process sees it: every client it uses (rate limits, socket.io,
// BullMQ, tus locks) comes from here, so none of them crashes the process with an unhandled
// 'error' event, and one monitor connection tells whether Redis answers right now. Redis going
// away and coming back is logged once per transition, not once per reconnect attempt.
import { Redis, type RedisOptions } from 'ioredis';

export interface RedisLog {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
}

type Listener = (up: boolean) => void;

const CONNECT_TIMEOUT_MS = 2000;
/** Reconnect quickly at first, then every 2 s at most (ioredis' default grows to 2 s too). */
const retryStrategy = (times: number) => Math.min(times * 100, 2000);

export class RedisLink {
  private readonly clients: Redis[] = [];
  private readonly monitor: Redis;
  /** null until the first connection attempt settles. */
  private up: boolean | null = null;
  private readonly listeners = new Set<Listener>();
  private closed = false;

  constructor(
    readonly url: string,
    private readonly log: RedisLog,
  ) {
    // Commands fail at once while Redis is away instead of waiting in the offline queue.
    this.monitor = this.client({ enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    this.monitor.on('ready', () => this.transition(true));
    this.monitor.on('error', (error: Error) => this.transition(false, error.message));
    this.monitor.on('close', () => this.transition(false, 'connection closed'));
  }

  /** Answers right now (the monitor connection is ready). */
  get isUp(): boolean {
    return this.monitor.status === 'ready';
  }

  /** A new client on this Redis; its errors are the monitor's to report. */
  client(options: RedisOptions = {}): Redis {
    const client = new Redis(this.url, { connectTimeout: CONNECT_TIMEOUT_MS, retryStrategy, ...options });
    client.on('error', () => undefined);
    this.clients.push(client);
    return client;
  }

  /**
   * The socket.io adapter's pair. Publishing while Redis is away fails at once and quietly (the
   * adapter does not catch it, and an unhandled rejection would end the process): events still
   * reach this process's sockets, only other processes miss them. Subscriptions wait and are
   * renewed on reconnect.
   */
  adapterClients(): { pub: Redis; sub: Redis } {
    const pub = this.client({ enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const publish = pub.publish.bind(pub) as (channel: string | Buffer, message: string | Buffer) => Promise<number>;
    pub.publish = ((channel: string | Buffer, message: string | Buffer) => publish(channel, message).catch(() => 0)) as typeof pub.publish;
    const sub = this.client({ maxRetriesPerRequest: null });
    return { pub, sub };
  }

  /** The monitor client (fails fast while Redis is away): for short commands such as rate limits. */
  get fastClient(): Redis {
    return this.monitor;
  }

  /** Called with true when Redis comes back and false when it goes away. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once Redis answered, or false after `timeoutMs` (a start that need not wait long). */
  async waitUntilUp(timeoutMs: number): Promise<boolean> {
    if (this.isUp) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        stop();
        resolve(false);
      }, timeoutMs);
      const stop = this.onChange((up) => {
        if (!up) return;
        clearTimeout(timer);
        stop();
        resolve(true);
      });
    });
  }

  /** Fails at once while Redis is away (the monitor has no offline queue); the caller bounds the wait. */
  async ping(): Promise<void> {
    await this.monitor.ping();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await Promise.all(
      this.clients.map(async (client) => {
        if (client.status === 'ready') await client.quit().catch(() => undefined);
        client.disconnect();
      }),
    );
    this.clients.length = 0;
  }

  private transition(up: boolean, reason?: string): void {
    if (this.closed || this.up === up) return;
    const first = this.up === null;
    this.up = up;
    if (up) this.log.info({ redis: redactedUrl(this.url) }, first ? 'Redis connected' : 'Redis is back');
    else
      this.log.warn(
        { redis: redactedUrl(this.url), reason },
        'Redis unreachable: running without it (per-process rate limits, local live events, jobs wait in the jobs table)',
      );
    // oxlint-disable-next-line unicorn/no-useless-spread -- a snapshot: a listener may subscribe another while this runs
    for (const listener of [...this.listeners]) listener(up);
  }
}

function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis';
  }
}
