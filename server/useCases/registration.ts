// A new account: the password hashed, the avatar (and a cover) stored, the row created.
import type { UserRow } from '../db/repositories/users.js';
import { hashPassword } from '../auth/passwords.js';
import { conflict } from '../domain/errors.js';
import { removeImage, storeImage } from '../media/images.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events' | 'storage' | 'config'>;

export interface Registration {
  /** Normalised by the shared rules (contract/rules.ts) and checked by them. */
  username: string;
  email: string;
  fullName: string;
  password: string;
  avatar: Buffer;
  coverImage?: Buffer;
}

/** The created user; a taken username or email is a conflict. Signing in is the caller's next step. */
export async function registerAccount(deps: Deps, input: Registration): Promise<UserRow> {
  const { username, email, fullName } = input;
  const { users } = deps.repos;
  // The costly work (hashing, images) comes before the clash check, so a taken email answers
  // in about the time a new account takes: the time does not tell which emails have accounts.
  const passwordHash = await hashPassword(input.password, deps.config.passwordHashing);
  const avatar = await storeImage(deps.storage, 'avatar', input.avatar, 'Avatar');
  const coverImage = input.coverImage ? await storeImage(deps.storage, 'cover', input.coverImage, 'Cover image') : '';
  const removeImages = () => Promise.all([avatar, coverImage].filter(Boolean).map((name) => removeImage(deps.storage, name)));
  const clash = await users.taken(username, email);
  if (clash) {
    await removeImages();
    throw conflict(clash === 'username' ? 'Username is already taken' : 'Email is already registered');
  }
  let user: UserRow;
  try {
    user = await users.create({ username, email, fullName, passwordHash, avatar, coverImage });
  } catch (error) {
    // Lost a race on the unique index: same answer as the check above.
    await removeImages();
    if (await users.taken(username, email)) throw conflict('Username or email is already registered');
    throw error;
  }
  await deps.events.publish('user.registered', { userId: user.id });
  return user;
}
