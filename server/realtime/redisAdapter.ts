import { createAdapter } from '@socket.io/redis-adapter';
import type { Server } from 'socket.io';
import type { RedisLink } from '../redis/redisLink.js';

/**
 * Carries `io`'s live events and room requests to the other processes of this deployment.
 * `namespace` prefixes the adapter's Redis channels: under socket.io's default prefix every
 * deployment on one Redis would receive every other's events, and its requests too (a process
 * stopping would close the sockets of all of them).
 */
export function shareThroughRedis(io: Server, redis: RedisLink, namespace: string): void {
  const { pub, sub } = redis.adapterClients();
  io.adapter(createAdapter(pub, sub, { key: namespace }));
}
