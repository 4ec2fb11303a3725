// Signing out offline: the device forgets the session at once, and the server is told (its
// session revoked, so the token and the access cookie stop working) once the network is back.
// Sent with the signed-out token alone and no cookies, so another user signed in meanwhile keeps
// their own session and cookie.
import { apiUrl } from '../../api/client';
import { STORAGE_KEYS } from '../../../shared/storageKeys';
import { readDeviceValue, writeDeviceValue } from '../../lib/storage';

const KEY = STORAGE_KEYS.signedOutSessions;

function pendingTokens(): string[] {
  try {
    const parsed: unknown = JSON.parse(readDeviceValue(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((token): token is string => typeof token === 'string') : [];
  } catch {
    return [];
  }
}

export function revokeWhenOnline(token: string): void {
  writeDeviceValue(KEY, JSON.stringify([...new Set([...pendingTokens(), token])]));
}

/** Tells the server about sessions signed out offline; what the network does not reach waits for the next try. */
export async function revokeSignedOutSessions(): Promise<void> {
  for (const token of pendingTokens()) {
    const answered = await fetch(apiUrl('/users/logout'), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: '{}',
      credentials: 'omit',
    }).then(
      () => true,
      () => false,
    );
    // Any answer (200, or 401 for a session already over) settles it.
    if (answered) {
      const left = pendingTokens().filter((other) => other !== token);
      // Removed once none is left, so a start without any loads nothing (session.ts).
      writeDeviceValue(KEY, left.length ? JSON.stringify(left) : null);
    }
  }
}
