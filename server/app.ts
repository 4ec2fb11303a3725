// buildApp(config): the whole server as a Fastify instance. index.ts and the tests both use it.
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { authenticate } from './auth/authenticate.js';
import type { Config } from './config.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/kysely.js';
import { registerErrorHandler } from './http/errorHandler.js';
import { createJobQueue } from './jobs/queue.js';
import { createStorage, type MediaStorage } from './media/storage.js';
import { createMediaUrls, type MediaUrls } from './media/urls.js';
import { attachRealtime } from './realtime/socket.js';
import { apiRoutes } from './routes/index.js';
import mediaRoutes from './routes/media.js';
import { serveClient } from './http/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DatabaseHandle;
    urls: MediaUrls;
    storage: MediaStorage;
    rateLimits: { auth: RateLimitRule; write: RateLimitRule };
  }
}

export interface RateLimitRule {
  max: number;
  timeWindow: number;
}

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    connectionTimeout: 0,
    requestTimeout: 0,
    keepAliveTimeout: 72_000,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  const database = openDatabase(config);
  await migrateToLatest(database);
  app.decorate('db', database);
  app.addHook('onClose', () => database.close());
  app.decorate('urls', createMediaUrls(config.publicUrl));
  app.decorate('storage', createStorage(config));
  app.decorate('rateLimits', {
    auth: { max: config.rateLimit.authMax, timeWindow: config.rateLimit.windowMs },
    write: { max: config.rateLimit.writeMax, timeWindow: config.rateLimit.windowMs },
  });

  registerErrorHandler(app);
  // The spec's settings screen posts plain forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: true,
    allowedHeaders: ['Content-Type', 'Authorization', 'X-XSRF-TOKEN', 'Idempotency-Key', 'Tus-Resumable', 'Upload-Length', 'Upload-Offset', 'Upload-Metadata'],
    exposedHeaders: ['Location', 'Upload-Offset', 'Upload-Length', 'Upload-Expires', 'Tus-Resumable', 'Video-Id', 'Idempotent-Replayed'],
  });
  await app.register(cookie);
  const rateLimitRedis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 }) : undefined;
  if (rateLimitRedis) app.addHook('onClose', async () => void (await rateLimitRedis.quit().catch(() => undefined)));
  await app.register(rateLimit, {
    global: false,
    redis: rateLimitRedis,
    nameSpace: 'vidshare-rl-',
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests, retry in ${Math.ceil(context.ttl / 1000)} s`,
      success: false,
      errors: [],
    }),
  });
  await app.register(multipart, {
    limits: { fileSize: config.maxVideoBytes + 1, files: 4, fields: 20, parts: 30 },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Vidshare API', version: '1.0.0', description: 'The /api/v1 API of Vidshare (see shared/spec.md).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs' });

  await app.register(authenticate);
  await attachRealtime(app);
  // Transcoding and other background jobs: in this process unless RUN_JOBS_IN_PROCESS=false.
  app.decorate('jobs', createJobQueue(app, { process: config.runJobsInProcess }));
  app.addHook('onReady', () => app.jobs.start());
  app.addHook('preClose', () => app.jobs.stop());
  await app.register(apiRoutes, { prefix: '/api/v1' });
  await app.register(mediaRoutes, { prefix: '/media' });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await serveClient(app);
  return app;
}
