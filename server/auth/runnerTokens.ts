// Remote runners' tokens: random, shown once to the operator, stored only as a SHA-256 hash
// (a token is 256 random bits: a plain hash is enough, no password stretching needed).
import { createHash, randomBytes } from 'node:crypto';

/** The header a runner sends its token in, apart from users' `Authorization`. */
export const RUNNER_TOKEN_HEADER = 'x-runner-token';

const TOKEN_PREFIX = 'vsr_';

/** A new token: the prefix tells it apart from a user's JWT in logs and leaked-secret scanners. */
export function newRunnerToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashRunnerToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
