// Changing one's account details and images: what others see of a user everywhere.
import type { AccountDetails, UserRow } from '../db/repositories/users.js';
import { conflict, notFound } from '../domain/errors.js';
import { removeImage, storeImage } from '../media/images.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events' | 'storage'>;

interface Logger {
  warn(details: object, message?: string): void;
}

/** Details arrive checked and normalized; an undefined email or username keeps the current one. */
export async function updateAccountDetails(deps: Deps, input: { userId: string; details: AccountDetails }): Promise<UserRow> {
  const { users } = deps.repos;
  const { userId, details } = input;
  const current = await users.findById(userId);
  if (!current) throw notFound('User not found');
  const clashOf = () => users.taken(details.username ?? current.username, details.email ?? current.email, userId);
  let clash = await clashOf();
  let updated: UserRow | undefined;
  if (!clash) {
    try {
      updated = await users.updateDetails(userId, details);
    } catch (error) {
      // Lost a race on the unique index: same answer as the check above.
      clash = await clashOf();
      if (!clash) throw error;
    }
  }
  if (clash) throw conflict(clash === 'username' ? 'Username is already taken' : 'Email is already registered');
  if (!updated) throw notFound('User not found');
  await deps.events.publish('user.profileChanged', { userId });
  return updated;
}

/** Stores the new avatar or cover image, then removes the one it replaces. */
export async function replaceProfileImage(
  deps: Deps,
  input: { userId: string; kind: 'avatar' | 'cover'; image: Buffer; label: string },
  log: Logger,
): Promise<UserRow> {
  const imageName = await storeImage(deps.storage, input.kind, input.image, input.label);
  const result = await deps.repos.users.replaceImage(input.userId, input.kind === 'avatar' ? 'avatar' : 'cover_image', imageName);
  if (!result) {
    await removeImage(deps.storage, imageName);
    throw notFound('User not found');
  }
  if (result.previous) {
    await removeImage(deps.storage, result.previous).catch((error: unknown) => log.warn({ err: error }, 'old image not removed'));
  }
  await deps.events.publish('user.profileChanged', { userId: input.userId });
  return result.user;
}
