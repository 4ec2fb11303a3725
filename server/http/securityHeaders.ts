// Security headers, computed once at start. @fastify/helmet calls helmet(options) on every request,
// which rebuilds every middleware and parses the CSP directives each time (about 29 µs of CPU per
// request). Here helmet runs once against a recording response; every request then gets
// the recorded headers on its raw response in one onRequest hook, as @fastify/helmet does (so
// hijacked replies such as tus get them too, and a route's reply.header() still overrides one).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The one helmet configuration of the server (tests compare against @fastify/helmet with it). */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
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
};

interface SecurityHeaders {
  set: ReadonlyArray<readonly [string, string]>;
  removed: readonly string[];
}

/**
 * What helmet does to a response with these options, recorded once. Directives given as functions
 * (per-request nonces) cannot be computed once: refused.
 */
function computeSecurityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): SecurityHeaders {
  const csp = options.contentSecurityPolicy;
  if (csp && typeof csp === 'object' && Object.values(csp.directives ?? {}).some((value) => typeof value === 'function' || (Array.isArray(value) && value.some((item) => typeof item === 'function')))) {
    throw new Error('securityHeaders: CSP directives computed per request cannot be precomputed');
  }
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return recorder;
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.push(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet({ ...options })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return { set: [...set], removed };
}

export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions> = HELMET_OPTIONS): void {
  const { set, removed } = computeSecurityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const name of removed) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    done();
  });
}
