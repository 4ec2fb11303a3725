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

/**
 * What a login for an unknown email verifies against: a hash string at the configured cost (its
 * salt and value made up), so the answer takes as long as for an account's wrong password and its
 * time does not tell which emails exist.
 */
export function unknownUserHash(cost: PasswordHashing): string {
  return `$argon2id$v=19$m=${cost.memoryKib},t=${cost.timeCost},p=4$c2FsdHNhbHQ$aGFzaGhhc2g`;
}
