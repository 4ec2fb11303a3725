import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../contract/envelope.js';
import { ApiError } from './envelope.js';

export const STORAGE_FULL_MESSAGE = 'The server is out of storage space, so it cannot save this upload now. Please try again later.';

/** ENOSPC (disk full) or EDQUOT (quota), possibly wrapped as the cause of another error. */
function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  }
  return false;
}

/** Turns every failure into the error envelope; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    // Refused before the whole body arrived (e.g. an upload over its limit): the rest of the
    // body would stall this keep-alive connection for the client's next request.
    if (!request.raw.complete) reply.header('connection', 'close');
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message, error.errors));
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const first = fastifyError.validation[0];
      const field = first?.instancePath?.replace(/^\//, '') || (first?.params as { missingProperty?: string })?.missingProperty;
      const message = field ? `Invalid ${field}: ${first?.message ?? 'invalid value'}` : fastifyError.message;
      return reply.code(400).send(errorBody(400, message, fastifyError.validation));
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? 'Request body is too large' : fastifyError.message;
      return reply.code(status).send(errorBody(status, message));
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'storage is full');
      return reply.code(507).send(errorBody(507, STORAGE_FULL_MESSAGE));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, 'Internal server error'));
  });
}

/** The 404 envelope for a route that does not exist (serveClient decides when it applies). */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
}
