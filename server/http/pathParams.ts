// Path parameters longer than any id or name the API knows answer 414 in the envelope, through
// every hook (CORS, security headers), without echoing the path. The router itself accepts any
// length (app.ts: its own refusal would skip the hooks and the envelope and echo the path); Node's
// header size limit bounds the request line.
import type { FastifyInstance } from 'fastify';
import { REQUEST_LIMITS } from '../../contract/limits.js';
import { ApiError } from './envelope.js';

/** The router's own bound: above any request line Node accepts (16 KiB of headers by default). */
export const ROUTER_MAX_PARAM_LENGTH = 64 * 1024;

export function refuseLongPathParams(app: FastifyInstance): void {
  // Callback-style: on every request, an async hook would cost a promise and a microtask turn.
  app.addHook('preValidation', (request, _reply, done) => {
    const params = (request.params ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(params)) {
      // '*' is a wildcard's rest of the path (media files), which the router never bounded either.
      if (name !== '*' && typeof value === 'string' && value.length > REQUEST_LIMITS.pathParamMax) {
        return done(new ApiError(414, `A path parameter is too long: at most ${REQUEST_LIMITS.pathParamMax} characters`));
      }
    }
    done();
  });
}
