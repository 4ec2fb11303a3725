// buildApp(config): the whole server as a Fastify instance (index.ts); buildApi also hands back the process parts it was assembled from (the tests' server keeps them).
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { registerNamedSchemas } from './http/namedSchemas.js';
import { collectRoutes, swaggerOptions } from './http/openapi.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { XSRF_HEADER } from '../contract/auth.js';
import { errorBody } from '../contract/envelope.js';
import { authenticate } from './auth/authenticate.js';
import { closeCore, type ComposedProcess, composeProcess } from './composition.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/kysely.js';
import { startMaintenance } from './deployment/maintenance.js';
import type { Repositories } from './db/repositories/index.js';
import type { ReadRepositories } from './db/repositories/reads.js';
import type { DomainEventBus } from './domain/eventBus.js';
import { COMPRESS_MIN_BYTES } from './http/envelope.js';
import { registerDraining } from './http/draining.js';
import { registerStartTasks } from './http/startTasks.js';
import { type HealthDeps, watchHealth } from './health/readiness.js';
import { registerErrorHandler } from './http/errorHandler.js';
import { fallbackStore, rateLimitKey } from './http/rateLimitStore.js';
import { requestLogEntry } from './http/requestLog.js';
import { guardSlowBodies } from './http/slowClients.js';
import { refuseUnstorableText } from './http/storableText.js';
import { refuseLongPathParams, ROUTER_MAX_PARAM_LENGTH } from './http/pathParams.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { instrumentApi } from './metrics/apiMetrics.js';
import './jobs/queue.js'; // the `jobs` decoration's type
import type { MediaStorage } from './media/storage.js';
import type { RedisLink } from './redis/redisLink.js';
import type { ReadCacheReader } from './cache/readCache.js';
import type { MediaUrls } from './media/urls.js';
import { attachRealtime } from './realtime/socket.js';
import { apiRoutes } from './routes/index.js';
import mediaRoutes from './routes/media.js';
import { serveClient } from './http/staticClient.js';
import { REQUEST_LIMITS } from '../contract/limits.js';
import type { RemoteTranscodes } from './jobs/remoteTranscodes.js';
import { expireRunnerLeases } from './useCases/runnerJobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DatabaseHandle;
    /** Every repository: what use cases are given (routes pass `app` to them, never call it themselves). */
    repos: Repositories;
    /** The same repositories as routes read them: reads only (db/repositories/reads.ts). */
    reads: ReadRepositories;
    urls: MediaUrls;
    storage: MediaStorage;
    rateLimits: { auth: RateLimitRule; write: RateLimitRule };
    /** REDIS_URL's clients and whether Redis answers now; null without REDIS_URL. */
    redis: RedisLink | null;
    /** Ready serialized bodies of the hot reads (cache/readCache.ts); writes invalidate it through domain events. */
    readCache: ReadCacheReader;
    /** Where use cases publish what happened (domain/events.ts); subscribers are wired in composition.ts. */
    events: DomainEventBus;
    /** Set when the close begins (SIGTERM): readiness answers 503, answers close their connections (http/draining.ts). */
    draining: boolean;
    /** What readiness and the status check (health/readiness.ts). */
    health: HealthDeps;
    /** The record half of the transcodes remote runners hold (jobs/remoteTranscodes.ts). */
    remoteTranscodes: RemoteTranscodes;
  }
}

interface RateLimitRule {
  max: number;
  timeWindow: number;
}

export async function buildApp(config: Config): Promise<FastifyInstance> {
  return (await buildApi(config)).app;
}

/** The API and the process it was assembled from, for a caller that holds both (the tests' server). */
export interface BuiltApi {
  app: FastifyInstance;
  process: ComposedProcess;
}

/** buildApp, also handing back the parts `composeProcess` built (live events, read cache, metrics). */
export async function buildApi(config: Config): Promise<BuiltApi> {
  const app = Fastify({
    logger: { level: config.logLevel, serializers: { req: requestLogEntry } },
    trustProxy: config.trustProxy,
    bodyLimit: REQUEST_LIMITS.jsonBodyBytes,
    // No cap on a whole request (a long upload that keeps sending must not be cut): headers in
    // time, no idle connection, and bodies that keep moving (http/slowClients.ts).
    connectionTimeout: config.idleTimeoutMs,
    requestTimeout: 0,
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: Math.min(5000, config.headersTimeoutMs) },
    keepAliveTimeout: 72_000,
    // Long path parameters are refused by http/pathParams.ts, in the envelope.
    routerOptions: { maxParamLength: ROUTER_MAX_PARAM_LENGTH },
    // strictNumbers off: with it on, Ajv coerces '1e309' to Infinity and then skips minimum/maximum
    // (a 500 from the database); off, the bounds every numeric param has reject it with a 400.
    // coerceTypes true, not Fastify's 'array': query strings still turn '2' into 2 and 'true' into
    // true, but nothing turns ["admin"] into "admin" (or "a" into ["a"]); no schema takes an array
    // from a query string, and a key given twice in one is refused as it was.
    ajv: { customOptions: { coerceTypes: true, removeAdditional: true, useDefaults: true, strictNumbers: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Database, repositories, job queue, socket.io and every subscriber, as every process gets them.
  const processParts = await composeProcess('api', config, app.log);
  const { core, jobs } = processParts;
  const { redis } = core;
  app.decorate('config', config);
  app.decorate('db', core.db);
  app.decorate('repos', core.repos);
  app.decorate('reads', core.repos as ReadRepositories);
  app.decorate('urls', core.urls);
  app.decorate('storage', core.storage);
  app.decorate('redis', redis);
  app.decorate('readCache', core.readCache);
  app.decorate('events', core.events);
  app.decorate('jobs', jobs);
  app.decorate('remoteTranscodes', processParts.remoteTranscodes);
  // onClose hooks run in reverse order: after everything registered later (socket.io, tus); the
  // queue stops at preClose.
  app.addHook('onClose', () => closeCore(core));
  core.readCache.register(app);
  registerDraining(app);
  registerStartTasks(app);
  // Where jobs run here, ffmpeg was checked once; without it no media job is taken.
  const mediaToolsProblem = processParts.runsJobs ? processParts.mediaToolsProblem : undefined;
  app.decorate('health', { db: core.db, storage: core.storage, redis, mediaToolsProblem, draining: () => app.draining });
  watchHealth(core.metrics, app.health);
  app.decorate('rateLimits', {
    auth: { max: config.rateLimit.authMax, timeWindow: config.rateLimit.windowMs },
    write: { max: config.rateLimit.writeMax, timeWindow: config.rateLimit.windowMs },
  });

  registerErrorHandler(app);
  instrumentApi(app, core.metrics);
  guardSlowBodies(app);
  refuseLongPathParams(app);
  refuseUnstorableText(app);
  // The spec's settings screen posts plain forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // helmet's headers, computed once at start (http/securityHeaders.ts).
  registerSecurityHeaders(app);
  // Only with CORS_ORIGINS: same-origin only, the plugin's onRequest hook answered nothing while
  // reading the route's options and copying its own on every request.
  if (config.corsOrigins.length) await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    // Every method the API uses (the plugin's default is GET, HEAD, POST only), tus' included.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'Content-Type', 'Authorization', XSRF_HEADER, 'Idempotency-Key', 'Range',
      'Tus-Resumable', 'Upload-Length', 'Upload-Offset', 'Upload-Metadata', 'Upload-Defer-Length', 'Upload-Concat', 'X-HTTP-Method-Override', 'X-Requested-With',
    ],
    exposedHeaders: [
      'Location', 'Upload-Offset', 'Upload-Length', 'Upload-Expires', 'Upload-Metadata', 'Tus-Resumable', 'Tus-Version', 'Tus-Max-Size', 'Tus-Extension',
      'Video-Id', 'Idempotent-Replayed', 'Content-Range', 'Accept-Ranges', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset',
    ],
    maxAge: 600,
  });
  await app.register(cookie);
  // JSON, HTML and other text answers above 1 KB go out brotli/gzip-compressed. Media (video, images,
  // HLS playlists) never: it is already compressed, and a Range answer's offsets are unencoded bytes.
  // Static assets come precompressed from the build (http/staticClient.ts) and are left alone.
  await app.register(compress, {
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    customTypes: /^(application\/(json|problem\+json|javascript|manifest\+json|xml)|text\/|image\/svg\+xml)/,
  });
  await app.register(rateLimit, {
    global: false,
    // Counters in Redis, in this process while Redis is away (never no limit at all).
    store: redis ? fallbackStore(redis, config.rateLimit.namespace) : undefined,
    errorResponseBuilder: (_request, context) => errorBody(429, `Too many requests, retry in ${Math.ceil(context.ttl / 1000)} s`),
    keyGenerator: rateLimitKey,
  });
  await app.register(multipart, {
    limits: { fileSize: config.maxVideoBytes + 1, files: 4, fields: 20, parts: 30 },
  });
  const routes = collectRoutes(app);
  registerNamedSchemas(app);
  await app.register(swagger, swaggerOptions(routes));
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs' });

  await app.register(authenticate);
  attachRealtime(app, processParts.io);
  // Background jobs: in this process unless RUN_JOBS_IN_PROCESS=false.
  app.afterListen(() => app.jobs.start());
  // Backfills and sweeps once the port is bound (never by a process that failed to start), and only
  // on this deployment's own storage (deployment/maintenance.ts). A close waits for the sweeps.
  let sweeping: Promise<void> = Promise.resolve();
  app.afterListen(async () => {
    ({ sweeping } = await startMaintenance({ ...core, jobs }, processParts.maintenance));
  });
  app.addHook('preClose', () => sweeping);
  // Remote runners' leases: a silent runner's job is taken back, whether or not a runner calls.
  let leaseSweep: NodeJS.Timeout | undefined;
  if (config.transcodeRunners === 'remote') {
    app.afterListen(() => {
      const sweep = () => void expireRunnerLeases(app).catch((err: unknown) => app.log.warn({ err }, 'runner lease sweep failed'));
      leaseSweep = setInterval(sweep, Math.max(250, Math.round(config.runnerLeaseMs / 2)));
      leaseSweep.unref();
    });
  }
  app.addHook('preClose', () => clearInterval(leaseSweep));
  app.addHook('preClose', () => app.jobs.stop());
  await app.register(apiRoutes, { prefix: '/api/v1' });
  await app.register(mediaRoutes, { prefix: '/media' });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await serveClient(app);
  return { app, process: processParts };
}
