import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../contract/envelope.js';
import { DomainError, type DomainErrorKind } from '../domain/errors.js';
import { StorageUnavailable } from '../media/mediaStorage.js';
import { ApiError } from './envelope.js';

/** The one mapping of domain refusals to HTTP statuses. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  unsupported: 415,
  unprocessable: 422,
  busy: 503,
};

/** When a client may ask again after the storage did not answer (players retry on their own). */
export const STORAGE_RETRY_AFTER_SECONDS = 5;
export const STORAGE_UNAVAILABLE_MESSAGE = 'Media storage is not answering right now; try again in a few seconds';

export const STORAGE_FULL_MESSAGE = 'The server is out of storage space, so it cannot save this upload now. Please try again later.';

/** A refusal (an ApiError or a DomainError) as status and message; null for anything else (a failure). */
export function refusalOf(error: unknown): { statusCode: number; message: string; errors: unknown[] } | null {
  if (error instanceof ApiError) return { statusCode: error.statusCode, message: error.message, errors: error.errors };
  if (error instanceof DomainError) return { statusCode: STATUS_OF[error.kind], message: error.message, errors: error.errors };
  return null;
}

/** ENOSPC (disk full) or EDQUOT (quota), possibly wrapped as the cause of another error. */
function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  }
  return false;
}

/**
 * A refusal that came before anything read the body (no token, a bad XSRF token, a rate limit):
 * Node discards the rest of the body itself once the answer is sent, keeping the connection, so
 * the client reads the status instead of a reset (EPIPE) while it is still writing. Only for a
 * declared length no route would refuse anyway; anything else (an upload over its limit, a body a
 * parser already started on, chunked) closes the connection, or it would stall the next request.
 */
function bodyIsDiscarded(request: FastifyRequest, status: number, largestBody: number): boolean {
  const declared = Number(request.headers['content-length']);
  return status !== 413 && !request.raw.readableDidRead && Number.isFinite(declared) && declared <= largestBody;
}

/** Turns every failure into the error envelope; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  // The largest body any route takes: an upload (video plus thumbnail) and its multipart framing.
  const largestBody = app.config.maxVideoBytes + app.config.maxImageBytes + 1024 * 1024;
  app.setErrorHandler((error: FastifyError | ApiError | DomainError, request, reply) => {
    if (error instanceof StorageUnavailable) {
      // A hung or failing S3 (S3_TIMEOUT_MS): any route answers 503 instead of holding the request,
      // without the validators or range a media answer may already have been given.
      request.log.warn({ err: error }, 'media storage did not answer');
      for (const header of ['etag', 'last-modified', 'accept-ranges', 'content-range']) reply.removeHeader(header);
      reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
    }
    // A refusal holds for now only (a takedown is undone, a limit lifts), and browsers keep some
    // without this (a 410 is cacheable by default: a restored video stayed gone in Chromium).
    reply.header('cache-control', 'no-store');
    const { status, body } = answerOf(error, request);
    if (error instanceof DomainError && error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    if (!request.raw.complete && !bodyIsDiscarded(request, status, largestBody)) reply.header('connection', 'close');
    return reply.code(status).send(body);
  });
}

function answerOf(error: FastifyError | ApiError | DomainError, request: FastifyRequest): { status: number; body: ReturnType<typeof errorBody> } {
  if (error instanceof StorageUnavailable) return { status: 503, body: errorBody(503, STORAGE_UNAVAILABLE_MESSAGE) };
  const refusal = refusalOf(error);
  if (refusal) return { status: refusal.statusCode, body: errorBody(refusal.statusCode, refusal.message, refusal.errors) };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const first = fastifyError.validation[0];
    const field = first?.instancePath?.replace(/^\//, '') || (first?.params as { missingProperty?: string })?.missingProperty;
    const message = field ? `Invalid ${field}: ${first?.message ?? 'invalid value'}` : fastifyError.message;
    return { status: 400, body: errorBody(400, message, fastifyError.validation) };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = status === 413 ? 'Request body is too large' : fastifyError.message;
    return { status, body: errorBody(status, message) };
  }
  if (isDiskFull(error)) {
    request.log.error({ err: error }, 'storage is full');
    return { status: 507, body: errorBody(507, STORAGE_FULL_MESSAGE) };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: errorBody(500, 'Internal server error') };
}

/** The 404 envelope for a route that does not exist (serveClient decides when it applies). */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
}
