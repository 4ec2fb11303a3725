// `npm run worker`: runs background jobs (transcoding) outside the API process, on this machine
// or another one sharing DATABASE_URL, REDIS_URL and the media storage (S3, or the same DATA_DIR).
// Pair it with RUN_JOBS_IN_PROCESS=false on the API nodes.
import { createAdapter } from '@socket.io/redis-adapter';
import pino from 'pino';
import { Server } from 'socket.io';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/kysely.js';
import { createRepositories } from '../db/repositories/index.js';
import { checkReadiness } from '../health/readiness.js';
import { createStorage } from '../media/storage.js';
import { Metrics } from '../metrics/metrics.js';
import { createLiveEvents } from '../realtime/live.js';
import { invalidatingLive, ReadCache } from '../cache/readCache.js';
import { RedisLink } from '../redis/redisLink.js';
import { onShutdownSignal } from '../shutdown.js';
import { removeLeftLiveFiles } from './handlers/transcode.js';
import { createJobQueue, type JobDeps } from './queue.js';

const config = loadConfig();
const log = pino({ level: config.logLevel, base: { process: 'worker' } });
const db = openDatabase(config);
await migrateToLatest(db);

// No HTTP here: with Redis, progress events reach the API nodes' sockets through the adapter.
const io = new Server();
// The worker starts and waits without Redis too: it takes jobs once Redis is back.
const redis = config.redisUrl ? new RedisLink(config.redisUrl, log) : null;
if (redis) {
  const { pub, sub } = redis.adapterClients();
  io.adapter(createAdapter(pub, sub));
}

const storage = createStorage(config);
const metrics = new Metrics('worker');
const repos = createRepositories(db, config);
metrics.watchJobs(repos.jobs);
// The same readiness as the API's /healthcheck/ready, as gauges: 1 answers, 0 does not.
metrics.gauge('vidshare_ready', 'Whether a dependency answers (1) or not (0); dependency="all" is the whole readiness', ['dependency'], async (gauge) => {
  const readiness = await checkReadiness({ db, storage, redis });
  gauge.reset();
  gauge.set({ dependency: 'all' }, readiness.ready ? 1 : 0);
  for (const [dependency, check] of Object.entries(readiness.checks)) gauge.set({ dependency }, check.ok ? 1 : 0);
});
const metricsServer = config.metricsPort === null ? null : await metrics.serve(config.metricsPort, config.host);
if (metricsServer) log.info({ port: config.metricsPort }, 'metrics at /metrics');

// Its events bump the read cache's versions in Redis, so the API processes drop what a job changed.
const readCache = new ReadCache({ ttlMs: config.readCacheTtlMs, redis, namespace: config.readCacheNamespace });
const deps: JobDeps = { config, repos, storage, live: invalidatingLive(createLiveEvents(io), readCache), log, redis, metrics };
const queue = createJobQueue(deps, { process: true });
deps.jobs = queue;
await queue.start();
log.info({ queue: config.redisUrl ? `bullmq:${config.jobsQueueName}` : 'database', dataDir: config.dataDir }, 'worker started');
void removeLeftLiveFiles(deps).catch((err: unknown) => log.warn({ err }, 'sweeping left streamed files failed'));

// The running job is interrupted and goes back to the queue (its ffmpeg stops with it).
onShutdownSignal(log, config.shutdownTimeoutMs, async () => {
  // No new scrapes; one in flight reads the jobs table, so it must end before the database closes.
  const metricsClosed = new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
  await queue.stop();
  metricsServer?.closeIdleConnections(); // a scrape answered since the close keeps its connection otherwise
  await metricsClosed;
  await redis?.close();
  await db.close();
});
