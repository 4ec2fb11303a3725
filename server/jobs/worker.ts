// `npm run worker`: runs background jobs (transcoding) outside the API process, on this machine
// or another one sharing DATABASE_URL, REDIS_URL and the media storage (S3, or the same DATA_DIR).
// Pair it with RUN_JOBS_IN_PROCESS=false on the API nodes.
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import pino from 'pino';
import { Server } from 'socket.io';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/kysely.js';
import { createStorage } from '../media/storage.js';
import { createLiveEvents } from '../realtime/live.js';
import { createJobQueue } from './queue.js';

const config = loadConfig();
const log = pino({ level: config.logLevel, base: { process: 'worker' } });
const db = openDatabase(config);
await migrateToLatest(db);

// No HTTP here: with Redis, progress events reach the API nodes' sockets through the adapter.
const io = new Server();
const redisClients: Redis[] = [];
if (config.redisUrl) {
  const pub = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
  const sub = pub.duplicate();
  redisClients.push(pub, sub);
  io.adapter(createAdapter(pub, sub));
}

const queue = createJobQueue({ config, db, storage: createStorage(config), live: createLiveEvents(io), log }, { process: true });
await queue.start();
log.info({ queue: config.redisUrl ? `bullmq:${config.jobsQueueName}` : 'database', dataDir: config.dataDir }, 'worker started');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping: the running job goes back to the queue');
    try {
      await queue.stop();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
      await db.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: (error as Error).message }, 'worker did not stop cleanly');
      process.exit(1);
    }
  });
}
