// The composition root: `composeProcess(role)` builds every process of Vidshare (the API in
// app.ts, `npm run worker`, `npm run seed`, `npm run admin`) the same way, and this is the one place
// that says who reacts to each domain event. Routes never import this module.
import type { Config } from './config.js';
import { ReadCache } from './cache/readCache.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/kysely.js';
import { createRepositories, type Repositories } from './db/repositories/index.js';
import { DomainEventBus } from './domain/eventBus.js';
import { createStorage, type MediaStorage } from './media/storage.js';
import { createMediaUrls, type MediaUrls } from './media/urls.js';
import { createJobQueue } from './jobs/queue.js';
import { jobHandlers } from './jobs/handlers/index.js';
import { RemoteTranscodes, remoteJobTypes } from './jobs/remoteTranscodes.js';
import { JOB_LANES, type JobLane, type JobQueue } from './jobs/types.js';
import { mediaToolsProblem } from './media/ffmpeg.js';
import { Metrics } from './metrics/metrics.js';
import { createNotifier } from './notifications/notifier.js';
import { Server } from 'socket.io';
import { createLiveEvents, type LiveEvents } from './realtime/live.js';
import { shareThroughRedis } from './realtime/redisAdapter.js';
import { apiSocketServer } from './realtime/socket.js';
import { RedisLink } from './redis/redisLink.js';
import { subscribeAnalytics } from './subscribers/analytics.js';
import { subscribeLiveEvents } from './subscribers/liveEvents.js';
import { subscribeMetrics } from './subscribers/metrics.js';
import { subscribeNotifications } from './subscribers/notifications.js';
import { subscribePush } from './subscribers/push.js';
import { subscribeReadCacheInvalidation } from './subscribers/readCacheInvalidation.js';
import { subscribeStanding } from './subscribers/standing.js';

export interface CoreLogger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/** Everything a process of Vidshare shares, whatever it serves. */
export interface Core {
  config: Config;
  log: CoreLogger;
  db: DatabaseHandle;
  repos: Repositories;
  urls: MediaUrls;
  storage: MediaStorage;
  /** REDIS_URL's clients and whether Redis answers now; null without REDIS_URL. */
  redis: RedisLink | null;
  readCache: ReadCache;
  events: DomainEventBus;
  metrics: Metrics;
}

/** What a process is for: `api` serves HTTP, `worker` runs jobs, `seed` and `admin` are commands. */
export type ProcessRole = 'api' | 'worker' | 'seed' | 'admin';

/** What a started process tidies and backfills (deployment/maintenance.ts). */
export interface MaintenanceDuties {
  /** Images no row references (API processes: their requests write images). */
  images: boolean;
  /** Backfills of older videos and streamed-file leftovers (where jobs run). */
  jobs: boolean;
}

/** A process assembled by `composeProcess`: complete when returned, subscribers wired. */
export interface ComposedProcess {
  role: ProcessRole;
  core: Core;
  /** Takes jobs here when `runsJobs`, else only enqueues (handlers queue follow-ups on it too). */
  jobs: JobQueue;
  runsJobs: boolean;
  /** Why ffmpeg does not work, where jobs run and it was checked; null when it works or was not checked. */
  mediaToolsProblem: string | null;
  /** socket.io: the API attaches it to its HTTP server (realtime/socket.ts); elsewhere it has no clients. */
  io: Server;
  live: LiveEvents;
  /** What this process tidies and backfills once it has started (deployment/maintenance.ts). */
  maintenance: MaintenanceDuties;
  /** The record half of the jobs remote runners hold (TRANSCODE_RUNNERS=remote; the API serves them). */
  remoteTranscodes: RemoteTranscodes;
}

/**
 * Builds a process of `role`: the core (database migrated), the job queue, socket.io with its Redis
 * adapter (the seed's live events go nowhere), and every subscriber. Whether jobs run here: the
 * API with RUN_JOBS_IN_PROCESS, the worker and the seed always, an admin command never (the API
 * nodes or the worker run what it queues). Where jobs run for good (API, worker), ffmpeg is checked
 * once first. Nothing starts: the caller starts the queue and the maintenance when it is ready.
 */
export async function composeProcess(role: ProcessRole, config: Config, log: CoreLogger): Promise<ComposedProcess> {
  const core = await createCore(config, log, role);
  const runsJobs = role === 'api' ? config.runJobsInProcess : role !== 'admin';
  const tools = runsJobs && (role === 'api' || role === 'worker') ? await jobLanesFor(config, log) : null;
  // With TRANSCODE_RUNNERS=remote transcode jobs are only recorded: remote runners claim them over the API.
  const jobs = createJobQueue(core, { process: runsJobs, lanes: tools?.lanes, remoteTypes: remoteJobTypes(config) });
  const io = role === 'api' ? apiSocketServer(config) : new Server();
  // Not awaited: a process starts without Redis too, and its events stay local until it is back.
  if (core.redis && role !== 'seed') shareThroughRedis(io, core.redis, config.liveEventsNamespace);
  const live = createLiveEvents(io);
  subscribeAll(core, live, jobs);
  const maintenance = { images: role === 'api', jobs: runsJobs && (role === 'api' || role === 'worker') };
  const remoteTranscodes = new RemoteTranscodes({ ...core, jobs }, jobHandlers);
  return { role, core, jobs, runsJobs, mediaToolsProblem: tools?.mediaToolsProblem ?? null, io, live, maintenance, remoteTranscodes };
}

/** Stops taking jobs, then closes what `createCore` opened. */
export async function closeProcess(process: Pick<ComposedProcess, 'jobs' | 'core'>): Promise<void> {
  await process.jobs.stop();
  await closeCore(process.core);
}

/** Opens and migrates the database and builds the rest; nothing reacts to events until `subscribeAll`. */
async function createCore(config: Config, log: CoreLogger, role: ProcessRole): Promise<Core> {
  const db = openDatabase(config);
  await migrateToLatest(db);
  const redis = config.redisUrl ? new RedisLink(config.redisUrl, log) : null;
  return {
    config,
    log,
    db,
    repos: createRepositories(db, config),
    urls: createMediaUrls(config.publicUrl),
    storage: createStorage(config),
    redis,
    readCache: new ReadCache({ ttlMs: config.readCacheTtlMs, redis, namespace: config.readCacheNamespace }),
    events: new DomainEventBus(log),
    // Metrics tell the API from every other process (the worker's label).
    metrics: new Metrics(role === 'api' ? 'api' : 'worker'),
  };
}

/**
 * Who reacts to the domain events, in this order: the read cache first (a client that refetches
 * on a live event must read past the write), then the standing of open sockets (closed before
 * any later event of the same write can reach them), the live events, notifications, Web Push (it
 * queues deliveries on `jobs`), metrics and the studio's analytics.
 */
function subscribeAll(core: Core, live: LiveEvents, jobs: Pick<JobQueue, 'enqueue'>): void {
  subscribeReadCacheInvalidation(core.events, core.readCache);
  subscribeStanding(core.events, live);
  subscribeLiveEvents(core.events, live, core.urls);
  subscribeNotifications(core.events, createNotifier(core.repos.notifications, core.events, core.urls, core.log));
  subscribePush(core.events, core.repos, jobs);
  subscribeMetrics(core.events, core.metrics);
  subscribeAnalytics(core.events, core.repos);
}

/**
 * For a process that runs jobs: checks ffmpeg and ffprobe once (`-version`). Without a working
 * pair it takes no media job (they would all fail as unreadable videos) and says why; the other
 * lanes (pushes) still run, and readiness reports the problem.
 */
async function jobLanesFor(config: Config, log: CoreLogger): Promise<{ mediaToolsProblem: string | null; lanes: JobLane[] }> {
  const problem = await mediaToolsProblem(config);
  if (!problem) return { mediaToolsProblem: null, lanes: [...JOB_LANES] };
  log.error({ reason: problem }, `ffmpeg does not work: no transcode job is taken and readiness answers 503 until it is fixed (${problem})`);
  return { mediaToolsProblem: problem, lanes: JOB_LANES.filter((lane) => lane !== 'media') };
}

/** Closes what `createCore` opened (Redis, then the database). */
export async function closeCore(core: Pick<Core, 'redis' | 'db'>): Promise<void> {
  await core.redis?.close();
  await core.db.close();
}
