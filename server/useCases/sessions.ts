// A user's own sessions: opening one (login, registration), signing out, changing the password.
// Every end of a session is published as `session.ended`, so the sockets opened with it close in
// every process (subscribers/standing.ts) the moment the revocation has committed.
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { forbidden, invalid, notFound, unauthenticated } from '../domain/errors.js';
import { forgetSessionPush } from './push.js';
import { suspensionMessage } from '../domain/suspension.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events' | 'config'>;

/**
 * A new session for the user; refused with the suspension's message when one is in force as it
 * opens. `verifiedHash`: the password hash a login checked the password against; a login whose
 * password was changed or reset while it was checking is refused as a wrong password.
 */
export async function openSession(deps: Deps, input: { userId: string; verifiedHash?: string }): Promise<{ id: string; expiresAt: string }> {
  const opened = await deps.repos.sessions.open(input.userId, deps.config.tokenTtlSeconds, input.verifiedHash);
  if (opened === 'password-changed') throw unauthenticated('Invalid email or password');
  if ('suspended' in opened) throw forbidden(suspensionMessage(opened.suspended));
  return opened;
}

/** Signing out: the session ends, and what it registered for pushes with it. */
export async function signOut(deps: Deps, input: { userId: string; sessionId: string; pushEndpoint?: string }): Promise<void> {
  await forgetSessionPush(deps, input);
  if (await deps.repos.sessions.revoke(input.sessionId)) {
    await deps.events.publish('session.ended', { userId: input.userId, sessionIds: [input.sessionId], reason: 'signed-out' });
  }
}

/**
 * Checks the current password and sets the new one; every other session of the user (a stolen
 * token, another device) ends, the one making the change stays.
 */
export async function changePassword(deps: Deps, input: { userId: string; sessionId: string; currentPassword: string; newPassword: string }): Promise<void> {
  const user = await deps.repos.users.findById(input.userId);
  if (!user) throw notFound('User not found');
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) throw invalid('Current password is incorrect');
  await deps.repos.users.setPasswordHash(user.id, await hashPassword(input.newPassword, deps.config.passwordHashing));
  const ended = await deps.repos.sessions.revokeOthers(user.id, input.sessionId);
  if (ended.length) await deps.events.publish('session.ended', { userId: user.id, sessionIds: ended, reason: 'password-changed' });
}
