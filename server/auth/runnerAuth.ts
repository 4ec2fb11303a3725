// Remote runners authenticate with their own token in X-Runner-Token, apart from users' JWTs: a
// runner is no user, and a user's token opens no runner route. The token is looked up by its hash;
// a revoked one is refused at its next request.
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../domain/errors.js';
import type { RunnerRow } from '../db/repositories/runners.js';
import { hashRunnerToken, RUNNER_TOKEN_HEADER } from './runnerTokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The runner whose token the request carried (routes guarded by requireRunner). */
    runner?: Pick<RunnerRow, 'id' | 'name'>;
  }
}

/** preHandler of the runner routes: 401 without a token of an active runner. */
export async function requireRunner(request: FastifyRequest): Promise<void> {
  const token = request.headers[RUNNER_TOKEN_HEADER];
  if (typeof token !== 'string' || !token) throw unauthenticated(`A runner's token is required in ${RUNNER_TOKEN_HEADER}`);
  const runner = await request.server.reads.runners.activeByTokenHash(hashRunnerToken(token));
  if (!runner) throw unauthenticated('Unknown or revoked runner token');
  request.runner = { id: runner.id, name: runner.name };
}

/** The runner inside a route guarded by requireRunner. */
export function runnerOf(request: FastifyRequest): Pick<RunnerRow, 'id' | 'name'> {
  if (!request.runner) throw unauthenticated('Runner routes need requireRunner');
  return request.runner;
}
