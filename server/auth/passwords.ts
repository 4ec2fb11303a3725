import argon2 from 'argon2';
import { DEFAULT_PASSWORD_HASHING, type PasswordHashing } from '../config.js';

export function hashPassword(password: string, cost: PasswordHashing = DEFAULT_PASSWORD_HASHING): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: cost.memoryKib, timeCost: cost.timeCost, parallelism: 4 });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

const unknownUserHashes = new Map<string, Promise<string>>();

/**
 * A hash at the configured cost, to verify against when no account has the email: the answer then
 * takes as long as for an account's wrong password, so its time does not tell which emails exist.
 */
export function unknownUserHash(cost: PasswordHashing): Promise<string> {
  const key = `${cost.memoryKib}:${cost.timeCost}`;
  let hash = unknownUserHashes.get(key);
  if (!hash) unknownUserHashes.set(key, (hash = hashPassword('no account has this password', cost)));
  return hash;
}
