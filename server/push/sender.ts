// Sends one Web Push message: web-push builds the request (VAPID JWT, aes128gcm body, TTL,
// Urgency, Topic) and this module sends it itself, because web-push only speaks https and gives
// no say over which address it connects to. Connections go only to checked public addresses
// (endpointGuard.ts), except to the exempt origins.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webPush from 'web-push';
import type { PushConfig } from '../config.js';
import { checkEndpointForm, publicOnlyLookup } from './endpointGuard.js';

const connectToPublicOnly = publicOnlyLookup();

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  /** The JSON text the service worker receives. */
  body: string;
  urgency: webPush.Urgency;
  /** Replaces a message with the same topic still waiting at the push service (≤ 32 base64url characters). */
  topic?: string;
}

/** Pushes the message; answers the push service's status (201 accepted, 404/410 gone, ...). */
export async function sendPush(config: PushConfig, target: PushTarget, message: PushMessage, signal?: AbortSignal): Promise<number> {
  const { url, exempt } = checkEndpointForm(target.endpoint, config.allowInsecureOrigins);
  const details = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, message.body, {
    vapidDetails: { subject: config.vapidSubject, publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey },
    TTL: config.ttlSeconds,
    urgency: message.urgency,
    topic: message.topic,
    contentEncoding: 'aes128gcm',
  });
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise<number>((resolve, reject) => {
    const outgoing = send(url, {
      method: details.method,
      headers: details.headers as Record<string, string | number>,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      ...(exempt ? {} : { lookup: connectToPublicOnly }),
    });
    outgoing.on('response', (response) => {
      response.resume(); // the body says nothing we act on
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    outgoing.on('error', (error) => reject(timeout.aborted ? new Error(`push service did not answer within ${config.timeoutMs} ms`) : error));
    outgoing.end(details.body ?? undefined);
  });
}
