// `npm run worker`: runs background jobs (transcoding) outside the API process, on this machine
// or another one sharing DATABASE_URL, REDIS_URL and the media storage (S3, or the same DATA_DIR).
// Pair it with RUN_JOBS_IN_PROCESS=false on the API nodes.
import pino from 'pino';
import { closeCore, createCore, liveEventsWithoutHttp, subscribeAll } from './composition.js';
import { loadConfig } from './config.js';
import { checkReadiness } from './health/readiness.js';
import { onShutdownSignal } from './shutdown.js';
import { sweepAtStart } from './deployment/startupSweeps.js';
import { createJobQueue, type JobDeps } from './jobs/queue.js';

const config = loadConfig();
const log = pino({ level: config.logLevel, base: { process: 'worker' } });
// The worker starts and waits without Redis too: it takes jobs once Redis is back.
const core = await createCore(config, log, 'worker');
const { db, repos, storage, redis, metrics } = core;

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

const deps: JobDeps = { config, repos, storage, events: core.events, log, redis, metrics };
const queue = createJobQueue(deps, { process: true });
deps.jobs = queue;
// No HTTP here: with Redis, progress events reach the API nodes' sockets through the adapter, and
// the read cache's version bumps reach their caches through Redis.
subscribeAll(core, liveEventsWithoutHttp(redis, config.liveEventsNamespace), queue);
await queue.start();
log.info({ queue: config.redisUrl ? `bullmq:${config.jobsQueueName}` : 'database', dataDir: config.dataDir }, 'worker started');
// Streamed rungs' files a stop left behind, on this deployment's own storage only.
const sweeping = sweepAtStart(core, { images: false, liveFiles: true });

// The running job is interrupted and goes back to the queue (its ffmpeg stops with it).
onShutdownSignal(log, config.shutdownTimeoutMs, async () => {
  // No new scrapes; one in flight reads the jobs table, so it must end before the database closes.
  const metricsClosed = new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
  await queue.stop();
  await sweeping;
  metricsServer?.closeIdleConnections(); // a scrape answered since the close keeps its connection otherwise
  await metricsClosed;
  await closeCore(core);
});
