// Redis for the operations tests: the REDIS_URL of the environment when it answers (else a printed
// reason), unique names so parallel runs do not share queues, and a TCP proxy that can be cut and
// restored in front of the real Redis to play an outage at runtime.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';

async function reachable(url: string | undefined): Promise<string | null> {
  if (!url) return 'REDIS_URL is not set';
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let lastError = '';
  probe.on('error', (error: Error) => (lastError = error.message));
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (error) {
    return `Redis at REDIS_URL does not answer (${lastError || (error as Error).message})`;
  } finally {
    probe.disconnect();
  }
}

const problem = await reachable(process.env.REDIS_URL);
export const redisForTests = { url: problem ? null : process.env.REDIS_URL!, problem };

export function skipReason(what: string): void {
  if (problem) console.log(`[skip] ${what} skipped: ${problem}`);
}

export const uniqueName = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** A TCP proxy to `target` (host:port) that refuses connections while cut. */
export class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  static forRedis(url: string): CuttableProxy {
    const parsed = new URL(url);
    return new CuttableProxy({ host: parsed.hostname, port: Number(parsed.port || 6379) });
  }

  /** The Redis URL through the proxy (same database number and credentials). */
  redisUrl(original: string): string {
    const parsed = new URL(original);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      this.sockets.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : this.port;
    this.server = server;
  }

  /** Drops every connection and refuses new ones (Redis "goes away"). */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Accepts connections again on the same port. */
  restore(): Promise<void> {
    return this.start();
  }

  close(): Promise<void> {
    return this.cut();
  }
}
