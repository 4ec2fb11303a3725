// Idempotency-Key: a client that queues writes while offline sends each one with a key
// and may send it again after a dropped answer. The first request runs and its answer is stored
// per (user, key); a replay gets that answer again (plus `Idempotent-Replayed: true`) without
// running the handler. 4xx answers are final too (a replay of a refused action is refused the same
// way); a 5xx drops the reservation so that the client can retry.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAYED_HEADER } from '../../contract/offline.js';
import type { KeyedRequest } from '../db/repositories/idempotencyKeys.js';
import { ApiError, badRequest, conflict } from './envelope.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route ignores Idempotency-Key (tus uploads resume by their own protocol). */
    idempotency?: boolean;
  }
  interface FastifyRequest {
    /** Set while this request holds the reservation of its key. */
    idempotentRequest: KeyedRequest | null;
  }
}

const IDEMPOTENCY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const VALID_KEY = /^[\x20-\x7e]{1,200}$/;
const PURGE_EVERY_MS = 3600_000;

/** Which requests take part: signed-in writes with a parsed (JSON, form or empty) body. */
function keyOf(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined || !request.auth || !WRITE_METHODS.has(request.method)) return null;
  if (request.routeOptions.config.idempotency === false || request.isMultipart()) return null;
  if (typeof header !== 'string' || !VALID_KEY.test(header)) throw badRequest('Idempotency-Key must be 1 to 200 printable ASCII characters');
  return header;
}

function hashOf(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}

function storableText(payload: unknown): string | null {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null; // a stream: not kept
}

export const idempotency = fp(async (app: FastifyInstance) => {
  const ttlMs = app.config.idempotencyKeyTtlMs;
  const keys = app.repos.idempotencyKeys;
  app.decorateRequest('idempotentRequest', null);

  const purge = () => keys.purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'idempotency key purge failed'));
  let purgeTimer: NodeJS.Timeout | undefined;
  app.afterListen(async () => {
    await purge();
    purgeTimer = setInterval(purge, Math.max(1000, Math.min(PURGE_EVERY_MS, ttlMs))).unref();
  });
  app.addHook('onClose', async () => clearInterval(purgeTimer));

  // The hooks below are callback-style with a synchronous way out for the requests that take no
  // part (every read): an async hook costs each request a promise and a microtask turn.

  // preValidation: the body is parsed but not yet changed by validation (defaults, removals).
  app.addHook('preValidation', (request, reply, done) => {
    const key = keyOf(request);
    if (!key) return done();
    reserve(request, reply, key).then((replied) => {
      if (!replied) done();
    }, done);
  });

  /** Reserves the key; true when the stored answer was replayed instead. */
  async function reserve(request: FastifyRequest, reply: FastifyReply, key: string): Promise<boolean> {
    const keyed: KeyedRequest = { userId: request.auth!.userId, key, method: request.method, path: request.url, requestHash: hashOf(request.body) };
    const reservation = await keys.reserve(keyed);
    switch (reservation.outcome) {
      case 'reserved':
        request.idempotentRequest = keyed;
        return false;
      case 'replay':
        reply.code(reservation.statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        if (reservation.body) reply.type('application/json; charset=utf-8');
        reply.send(reservation.body);
        return true;
      case 'in-progress':
        throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
      case 'mismatch':
        throw new ApiError(422, IDEMPOTENCY_MESSAGES.reused);
    }
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    const keyed = request.idempotentRequest;
    if (!keyed) return done(null, payload);
    request.idempotentRequest = null;
    const text = storableText(payload);
    const stored = reply.statusCode >= 500 || text === null ? keys.release(keyed) : keys.complete(keyed, reply.statusCode, text);
    stored
      .catch((error: unknown) => {
        // The action has happened: its answer still goes out. The reservation turns stale and may
        // be taken over once stale (STALE_RESERVATION_MS).
        request.log.error({ err: error }, 'storing the idempotent answer failed');
      })
      .then(() => done(null, payload));
  });

  // A request that ends without onSend (hijacked, or failed in a way Fastify could not answer)
  // must not keep its key reserved.
  app.addHook('onResponse', (request, _reply, done) => {
    const keyed = request.idempotentRequest;
    if (!keyed) return done();
    request.idempotentRequest = null;
    keys
      .release(keyed)
      .catch((error: unknown) => request.log.warn({ err: error }, 'releasing an idempotency key failed'))
      .then(() => done());
  });
});
