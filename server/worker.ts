// `npm run worker`: runs background jobs (transcoding) outside the API process, on this machine
// or another one sharing DATABASE_URL, REDIS_URL and the media storage (S3, or the same DATA_DIR).
// Pair it with RUN_JOBS_IN_PROCESS=false on the API nodes.
import pino from 'pino';
import { closeCore, composeProcess } from './composition.js';
import { loadConfig } from './config.js';
import { NewerDatabaseError } from './db/newerDatabase.js';
import { checkReadiness, checkStatus, type HealthDeps, readinessAnswer, statusAnswer, watchHealth } from './health/readiness.js';
import { onShutdownSignal } from './shutdown.js';
import { startMaintenance } from './deployment/maintenance.js';

const config = loadConfig();
const log = pino({ level: config.logLevel, base: { process: 'worker' } });
// The worker starts and waits without Redis too: it takes jobs once Redis is back. Without a
// working ffmpeg no transcode job is taken (each would fail as an unreadable video). No HTTP here:
// with Redis, progress events reach the API nodes' sockets through the adapter, and the read
// cache's version bumps reach their caches through Redis.
const worker = await composeProcess('worker', config, log).catch((error: unknown) => {
  // An older version on a database a newer one migrated: one line, no stack, no job taken.
  if (!(error instanceof NewerDatabaseError)) throw error;
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
});
const { core, jobs: queue, mediaToolsProblem } = worker;
const { db, repos, storage, redis, metrics } = core;
let stopping = false;
const health: HealthDeps = { db, storage, redis, mediaToolsProblem, draining: () => stopping };

metrics.watchJobs(repos.jobs);
watchHealth(metrics, health);
// The worker has no API: readiness and status are served beside /metrics (same answers as the API's).
const metricsServer =
  config.metricsPort === null
    ? null
    : await metrics.serve(config.metricsPort, config.host, {
        '/healthcheck/ready': async () => readinessAnswer(await checkReadiness(health)),
        '/healthcheck/status': async () => statusAnswer(await checkStatus(health)),
      });
if (metricsServer) log.info({ port: config.metricsPort }, 'metrics at /metrics, readiness at /healthcheck/ready, status at /healthcheck/status');

await queue.start();
log.info({ queue: config.redisUrl ? `bullmq:${config.jobsQueueName}` : 'database', dataDir: config.dataDir }, 'worker started');
// Backfills of older videos, and streamed rungs' files a stop left behind (this deployment's own storage only).
const { sweeping } = await startMaintenance({ ...core, jobs: queue }, worker.maintenance);

// The running job is interrupted and goes back to the queue (its ffmpeg stops with it).
onShutdownSignal(log, config.shutdownTimeoutMs, async () => {
  stopping = true;
  // No new scrapes; one in flight reads the jobs table, so it must end before the database closes.
  const metricsClosed = new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
  await queue.stop();
  await sweeping;
  metricsServer?.closeIdleConnections(); // a scrape answered since the close keeps its connection otherwise
  await metricsClosed;
  await closeCore(core);
});
