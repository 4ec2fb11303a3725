// A device's Web Push subscription: registered by its signed-in user (their newest
// REQUEST_LIMITS.pushSubscriptionsPerUser are kept), removed by them or when the session that registered
// it signs out. Endpoints are checked here (https, public address), and
// again at each delivery (server/jobs/handlers/deliverPush.ts).
import { REQUEST_LIMITS } from '../../contract/limits.js';
import { conflict, invalid } from '../domain/errors.js';
import { checkEndpoint, PushEndpointRefused } from '../push/endpointGuard.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'config'>;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** An uncompressed P-256 point: 0x04, then x and y. */
const P256_POINT_BYTES = 65;
const AUTH_SECRET_BYTES = 16;

function decodedKey(value: string, field: string, bytes: number): Buffer {
  const decoded = BASE64URL.test(value) ? Buffer.from(value, 'base64url') : null;
  if (!decoded || decoded.length !== bytes) throw invalid(`keys.${field} must be ${bytes} bytes in base64url`, [{ field: `keys.${field}` }]);
  return decoded;
}

export async function subscribeToPush(
  deps: Deps,
  input: { userId: string; sessionId: string | null; endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  if (decodedKey(input.keys.p256dh, 'p256dh', P256_POINT_BYTES)[0] !== 0x04) throw invalid('keys.p256dh must be an uncompressed P-256 public key', [{ field: 'keys.p256dh' }]);
  decodedKey(input.keys.auth, 'auth', AUTH_SECRET_BYTES);
  try {
    await checkEndpoint(input.endpoint, deps.config.push.allowInsecureOrigins);
  } catch (error) {
    if (error instanceof PushEndpointRefused) throw invalid(error.message, [{ field: 'endpoint' }]);
    throw error;
  }
  const saved = await deps.repos.pushSubscriptions.save(
    { userId: input.userId, sessionId: input.sessionId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth },
    REQUEST_LIMITS.pushSubscriptionsPerUser,
  );
  // Only the browser holding the endpoint's keys may move it to another account.
  if (saved === 'taken') throw conflict('This push endpoint is registered to another account with other keys');
}

/** Removes the user's subscription with this endpoint (none is fine: the device wants no pushes either way). */
export async function unsubscribeFromPush(deps: Deps, input: { userId: string; endpoint: string }): Promise<void> {
  await deps.repos.pushSubscriptions.removeEndpoint(input.userId, input.endpoint);
}

/** Signing out: what this session registered, and the endpoint the device names, stop getting pushes. */
export async function forgetSessionPush(deps: Deps, input: { userId: string; sessionId: string; pushEndpoint?: string }): Promise<void> {
  await deps.repos.pushSubscriptions.removeForSession(input.sessionId);
  if (input.pushEndpoint) await deps.repos.pushSubscriptions.removeEndpoint(input.userId, input.pushEndpoint);
}
