// What an operator does to someone's account: a password reset (roles: useCases/moderation.ts).
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

/** 18 random bytes: 24 URL-safe characters, 144 bits, above the password rules' minimum length. */
const oneTimePassword = () => randomBytes(18).toString('base64url');

/**
 * Replaces the password with a random one-time password (answered once, stored only hashed), ends
 * every session of the user, and flags the account: until the user picks a new password, the API
 * answers 403 to everything but the password change, /users/me and logout.
 */
export async function resetPassword(deps: Deps, input: { userId: string }): Promise<{ password: string }> {
  const password = oneTimePassword();
  await deps.repos.users.setOneTimePassword(input.userId, await hashPassword(password));
  const ended = await deps.repos.sessions.revokeAll(input.userId);
  await deps.events.publish('user.passwordReset', { userId: input.userId });
  if (ended.length) await deps.events.publish('session.ended', { userId: input.userId, sessionIds: ended, reason: 'password-reset' });
  return { password };
}
