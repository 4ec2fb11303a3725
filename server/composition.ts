// The composition root: what the API (app.ts) and the worker (worker.ts) are built from, and
// the one place that says who reacts to each domain event. Routes never import this module.
import type { Config } from './config.js';
import { ReadCache } from './cache/readCache.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/kysely.js';
import { createRepositories, type Repositories } from './db/repositories/index.js';
import { DomainEventBus } from './domain/eventBus.js';
import { createStorage, type MediaStorage } from './media/storage.js';
import { createMediaUrls, type MediaUrls } from './media/urls.js';
import { JOB_LANES, type JobLane, type JobQueue } from './jobs/types.js';
import { mediaToolsProblem } from './media/ffmpeg.js';
import { Metrics, type ProcessRole } from './metrics/metrics.js';
import { createNotifier } from './notifications/notifier.js';
import { Server } from 'socket.io';
import { createLiveEvents, type LiveEvents } from './realtime/live.js';
import { shareThroughRedis } from './realtime/redisAdapter.js';
import { RedisLink } from './redis/redisLink.js';
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

/** Opens and migrates the database and builds the rest; nothing reacts to events until `subscribeAll`. */
export async function createCore(config: Config, log: CoreLogger, role: ProcessRole): Promise<Core> {
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
    metrics: new Metrics(role),
  };
}

/**
 * Who reacts to the domain events, in this order: the read cache first (a client that refetches
 * on a live event must read past the write), then the standing of open sockets (closed before
 * any later event of the same write can reach them), the live events, notifications, Web Push (it
 * queues deliveries on `jobs`) and metrics.
 */
export function subscribeAll(core: Core, live: LiveEvents, jobs: Pick<JobQueue, 'enqueue'>): void {
  subscribeReadCacheInvalidation(core.events, core.readCache);
  subscribeStanding(core.events, live);
  subscribeLiveEvents(core.events, live, core.urls);
  subscribeNotifications(core.events, createNotifier(core.repos.notifications, core.events, core.urls, core.log));
  subscribePush(core.events, core.repos, jobs);
  subscribeMetrics(core.events, core.metrics);
}

/**
 * Live events for a process that serves no HTTP (the worker, `npm run admin`): with Redis they
 * reach the API nodes' sockets through the adapter (its clients close with the core); without it
 * they go nowhere.
 */
export function liveEventsWithoutHttp(redis: RedisLink | null, namespace: string): LiveEvents {
  const io = new Server();
  if (redis) shareThroughRedis(io, redis, namespace);
  return createLiveEvents(io);
}

/**
 * For a process that runs jobs: checks ffmpeg and ffprobe once (`-version`). Without a working
 * pair it takes no media job (they would all fail as unreadable videos) and says why; the other
 * lanes (pushes) still run, and readiness reports the problem.
 */
export async function jobLanesFor(config: Config, log: CoreLogger): Promise<{ mediaToolsProblem: string | null; lanes: JobLane[] }> {
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

/** What tests reach behind the API (never routes: they publish domain events instead). */
export interface AppInternals {
  live: LiveEvents;
  readCache: ReadCache;
  metrics: Metrics;
}

const internals = new WeakMap<object, AppInternals>();

export function registerInternals(app: object, parts: AppInternals): void {
  internals.set(app, parts);
}

export function internalsOf(app: object): AppInternals {
  const parts = internals.get(app);
  if (!parts) throw new Error('internalsOf: not an app built by buildApp');
  return parts;
}
