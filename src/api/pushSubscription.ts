// "Push notifications on this device": subscribing this browser with the server's public key and
// registering it, or removing it. Permission is asked only from a tap (never on load). Push exists
// on Android Chrome, desktop browsers and iOS 16.4+ apps added to the home screen.
import { pushApi } from './endpoints/push';
import type { AppDispatch } from '../app/store';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This device's subscription, if it has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** The VAPID key (base64url) as the bytes pushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** From a tap: asks permission, subscribes with the server's key and registers the subscription. */
export async function subscribeThisDevice(dispatch: AppDispatch): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await dispatch(pushApi.endpoints.getPushPublicKey.initiate(undefined, { subscribe: false })).unwrap();
  const worker = await navigator.serviceWorker.ready;
  const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const { endpoint, keys } = subscription.toJSON();
  try {
    await dispatch(pushApi.endpoints.addPushSubscription.initiate({ endpoint: endpoint!, keys: { p256dh: keys!.p256dh!, auth: keys!.auth! } })).unwrap();
  } catch (error) {
    // The server does not know it: no subscription that never gets a push.
    await subscription.unsubscribe();
    throw error;
  }
  return 'on';
}

/** Switch off: removes this device's subscription on the server, then in the browser. */
export async function unsubscribeThisDevice(dispatch: AppDispatch): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await dispatch(pushApi.endpoints.removePushSubscription.initiate({ endpoint: subscription.endpoint })).unwrap();
  await subscription.unsubscribe();
}

/**
 * Logout, before the logout call (the token still works): the server forgets this device, and the
 * browser drops the subscription even when that call failed (the push service then refuses the
 * server's next push, which removes it there too).
 */
export async function forgetThisDevice(dispatch: AppDispatch): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  await dispatch(pushApi.endpoints.removePushSubscription.initiate({ endpoint: subscription.endpoint })).unwrap().catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
