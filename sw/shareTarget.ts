/// <reference lib="WebWorker" />
// Share to upload: the manifest's share_target posts the shared video here. The worker keeps the
// file (src/lib/sharedVideo.ts) and sends the user to the upload screen, which takes it; a
// signed-out user signs in first and the file waits in IndexedDB meanwhile.
import { registerRoute } from 'workbox-routing';
import { SHARED_UPLOAD_PATH, storeSharedVideo } from '../shared/sharedVideo';

declare const self: ServiceWorkerGlobalScope;

const SHARE_TARGET_PATH = '/share-target';

async function receiveShare(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const file = form?.getAll('video').find((entry): entry is File => typeof entry !== 'string' && entry.size > 0);
  if (file) await storeSharedVideo(file);
  // 303: the browser follows with a GET, so a reload does not post the file again.
  return Response.redirect(new URL(file ? SHARED_UPLOAD_PATH : '/upload', self.location.origin).href, 303);
}

/** Routes the manifest's share target (called once by sw.ts). */
export function routeShareTarget(): void {
  registerRoute(({ url }) => url.origin === self.location.origin && url.pathname === SHARE_TARGET_PATH, ({ request }) => receiveShare(request), 'POST');
}
