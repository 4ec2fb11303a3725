// Who is calling: a bearer token (the spec's client) or the httpOnly cookie set at login.
// Cookie-authenticated writes must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contract/auth.js';
import { forbidden, unauthenticated } from '../domain/errors.js';
import type { UserRole } from '../db/schema.js';
import { TokenService, type AccessClaims } from './tokens.js';

export const ACCESS_COOKIE = 'accessToken';
export { XSRF_COOKIE };
/** Node lowercases incoming header names. */
const XSRF_REQUEST_HEADER = XSRF_HEADER.toLowerCase();

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const MUST_CHANGE_PASSWORD = 'You must change your password';
/** What a user whose password an operator reset may call (this API has no token refresh route). */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(['POST /api/v1/users/update-password', 'GET /api/v1/users/me', 'POST /api/v1/users/logout']);

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token && token !== 'null' && token !== 'undefined' ? token : null;
}

export const authenticate = fp(async (app: FastifyInstance) => {
  const tokens = new TokenService(app.config.jwtSecret, app.config.tokenTtlSeconds);
  const sessions = app.repos.sessions;
  app.decorate('tokens', tokens);
  app.decorateRequest('auth', null);

  // Callback-style with a synchronous way out for anonymous requests (most reads): an async hook
  // would cost each of them a promise and a microtask turn.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const bearer = bearerToken(request);
    const cookie = request.cookies[ACCESS_COOKIE];
    if (cookie && !request.cookies[XSRF_COOKIE]) issueXsrfCookie(request, reply);
    if (!bearer && !cookie) return done();
    identify(request, reply, bearer, cookie).then(() => done(), done);
  });

  async function identify(request: FastifyRequest, reply: FastifyReply, bearer: string | null, cookie: string | undefined): Promise<void> {
    const token = (bearer ?? cookie)!;
    if (!bearer && !SAFE_METHODS.has(request.method)) {
      const echoed = request.headers[XSRF_REQUEST_HEADER];
      if (typeof echoed !== 'string' || !request.cookies[XSRF_COOKIE] || !sameSecret(echoed, request.cookies[XSRF_COOKIE]!)) {
        throw forbidden('Invalid or missing XSRF token');
      }
    }
    const claims = await tokens.verify(token);
    const session = claims && (await sessions.check(claims.sessionId, claims.userId));
    if (!claims || !session) {
      // A stale cookie alone should not lock a visitor out of public pages.
      if (!bearer) {
        reply.clearCookie(ACCESS_COOKIE, { path: '/' });
        return;
      }
      throw unauthenticated('Invalid or expired access token');
    }
    // After an operator's password reset the one-time password opens only the way to a new one.
    if (session.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${request.method} ${request.routeOptions.url}`)) {
      throw forbidden(MUST_CHANGE_PASSWORD);
    }
    request.auth = claims;
  }
});

/**
 * The XSRF-TOKEN cookie the client echoes in X-XSRF-TOKEN. Only a cookie session needs it, so it
 * is issued with one (login, register) rather than on every anonymous request.
 */
export function issueXsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  const xsrf = randomBytes(24).toString('base64url');
  request.cookies[XSRF_COOKIE] = xsrf;
  reply.setCookie(XSRF_COOKIE, xsrf, { path: '/', sameSite: 'lax', httpOnly: false, secure: request.protocol === 'https' });
}

/** preHandler for routes that need a signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthenticated('Unauthorized request');
}

/** preHandler for routes of these roles only: signed out 401, another role 403. */
export function requireRole(...roles: UserRole[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.auth) throw unauthenticated('Unauthorized request');
    const role = await request.server.repos.moderation.roleOf(request.auth.userId);
    if (!role || !roles.includes(role)) throw forbidden('You are not allowed to do this');
  };
}

/**
 * The caller of a request outside /api (media files), which the onRequest hook does not identify:
 * looked up only where the answer depends on who asks (a taken-down video). Null when signed out
 * or the token or its session is no longer valid.
 */
export async function mediaCaller(request: FastifyRequest): Promise<AccessClaims | null> {
  const token = bearerToken(request) ?? request.cookies[ACCESS_COOKIE];
  if (!token) return null;
  const claims = await request.server.tokens.verify(token);
  return claims && (await request.server.repos.sessions.check(claims.sessionId, claims.userId)) ? claims : null;
}

/** The caller's id inside a route guarded by requireUser. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw unauthenticated('Unauthorized request');
  return request.auth.userId;
}
