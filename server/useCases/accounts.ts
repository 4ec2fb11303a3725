// What an operator or an admin does to someone's account: a password reset, a deletion (roles and
// suspensions: useCases/moderation.ts).
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords.js';
import { forbidden, notFound } from '../domain/errors.js';
import { removeImage } from '../media/images.js';
import { removeVideoFiles } from './videoRemoval.js';
import { reasonOf } from './moderation.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events' | 'config'>;

interface Logger {
  warn(details: object, message?: string): void;
}

/** 18 random bytes: 24 URL-safe characters, 144 bits, above the password rules' minimum length. */
const oneTimePassword = () => randomBytes(18).toString('base64url');

/**
 * Replaces the password with a random one-time password (answered once, stored only hashed), ends
 * every session of the user, and flags the account: until the user picks a new password, the API
 * answers 403 to everything but the password change, /users/me and logout.
 */
export async function resetPassword(deps: Deps, input: { userId: string }): Promise<{ password: string }> {
  const password = oneTimePassword();
  await deps.repos.users.setOneTimePassword(input.userId, await hashPassword(password, deps.config.passwordHashing));
  const ended = await deps.repos.sessions.revokeAll(input.userId);
  await deps.events.publish('user.passwordReset', { userId: input.userId });
  if (ended.length) await deps.events.publish('session.ended', { userId: input.userId, sessionIds: ended, reason: 'password-reset' });
  return { password };
}

/**
 * An admin deletes an account (never their own) with a reason. Every row goes in one transaction
 * with its log entry (repositories/accounts.ts: videos, comments, reactions, subscriptions,
 * playlists, sessions; the counters it moved on other people's rows recounted). After the commit
 * its open sockets close (`session.ended`), then its files go: each video's transcoding is stopped
 * before its files are removed, then the avatar and cover. A file that cannot be removed is
 * logged and left for `npm run admin -- prune`, never a half-deleted account.
 */
export async function deleteAccount(deps: UseCaseDeps, input: { actorId: string; userId: string; reason?: string }, log: Logger): Promise<{ username: string; videos: number }> {
  const reason = reasonOf(input.reason, 'delete an account');
  const result = await deps.repos.moderation.deleteUser(input.actorId, input.userId, reason, (trx) => deps.repos.accounts.removeIn(trx, input.userId));
  if (result === 'self') throw forbidden('You cannot delete your own account here');
  if (result === 'not-admin') throw forbidden('Only an admin can delete accounts');
  if (result === 'not-found') throw notFound('User not found');
  if (result.sessionIds.length) await deps.events.publish('session.ended', { userId: input.userId, sessionIds: result.sessionIds, reason: 'account-deleted' });
  const leftover = (what: string) => (error: unknown) => log.warn({ err: (error as Error).message, userId: input.userId, what }, 'a deleted account left a file behind');
  for (const video of result.videos) await removeVideoFiles(deps, video).catch(leftover(`video ${video.id}`));
  for (const image of [result.avatar, result.cover_image].filter(Boolean)) await removeImage(deps.storage, image).catch(leftover(image));
  if (result.videos.length) await deps.events.publish('video.removed', { videoIds: result.videos.map((video) => video.id) });
  await deps.events.publish('user.deleted', { userId: input.userId, actorId: input.actorId });
  return { username: result.username, videos: result.videos.length };
}
