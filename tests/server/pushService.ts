// A push service for tests: a plain http server on loopback that records what it receives and
// answers each endpoint path with the statuses a test queues (201 when none is queued), plus a
// browser-side subscription (a real P-256 key pair and auth secret) that decrypts what arrives.
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  receivedAt: number;
  status: number;
}

export interface PushService {
  origin: string;
  received: ReceivedPush[];
  /** The next answers for `path`, in order. */
  answer(path: string, ...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const queued = new Map<string, number[]>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const status = queued.get(path)?.shift() ?? 201;
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks), receivedAt: Date.now(), status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (path, ...statuses) => queued.set(path, [...(queued.get(path) ?? []), ...statuses]),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What a browser's pushManager.subscribe() makes: an endpoint and the keys to decrypt with. */
export interface BrowserSubscription {
  path: string;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  authSecret: Buffer;
}

export function browserSubscription(service: PushService): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const path = `/push/${randomUUID()}`;
  return {
    path,
    ecdh,
    authSecret,
    json: { endpoint: `${service.origin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } },
  };
}

/** The decrypted JSON body of a push (aes128gcm with the subscription's private key and auth secret). */
export function decryptPush(subscription: BrowserSubscription, push: ReceivedPush): unknown {
  const plain = decrypt(push.body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.authSecret });
  return JSON.parse(plain.toString('utf8'));
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>`: an ES256 JWT signed by `k`; answers its claims and key. */
export function verifyVapid(authorization: string): { claims: VapidClaims; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('VAPID JWT signature does not verify with k');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  return { claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims, key };
}
