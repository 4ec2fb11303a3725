// A saved video the API no longer serves leaves the device: checking the saved videos removes
// those answered 410/404/403 (file, thumbnail and captions from Cache Storage, the record from
// IndexedDB) and tells the user; an answer that says nothing about the video (offline, a 5xx) keeps it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../src/components/toast';
import { listSavedVideos, type SavedVideo } from '../../src/features/downloads/downloadStore';
import { checkSavedVideos, removedDownloadMessage } from '../../src/features/downloads/removedDownloads';
import { openDownloadsDb } from '../../shared/downloadDb';
import { fail, mockFetch, ok } from './helpers';

/** Cache Storage as far as the downloads use it (jsdom has none). */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (request: RequestInfo | URL) => new URL(String(request instanceof Request ? request.url : request), location.origin).pathname;
  const open = async (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return {
      put: async (request: RequestInfo, response: Response) => void entries.set(keyOf(request), response),
      delete: async (request: RequestInfo) => entries.delete(keyOf(request)),
      keys: async () => [...entries.keys()].map((path) => new Request(new URL(path, location.origin))),
      match: async (request: RequestInfo) => entries.get(keyOf(request)),
    };
  };
  vi.stubGlobal('caches', { open });
  return { paths: (name: string) => [...(stores.get(name)?.keys() ?? [])].sort(), open };
}

const saved = (videoId: string, title: string): SavedVideo => ({
  videoId,
  title,
  ownerName: 'Owner',
  duration: 10,
  size: 100,
  quality: 480,
  videoUrl: `/media/video/upload/q_auto:eco/${videoId}.mp4`,
  thumbnailUrl: `/media/image/upload/${videoId}.webp`,
  captions: [{ language: 'en', label: 'English', url: `/media/captions/${videoId}/c1.vtt` }],
  savedAt: new Date().toISOString(),
});

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(async () => {
  const db = await openDownloadsDb();
  await db.clear('videos');
  db.close();
});

async function saveAll(caches: ReturnType<typeof fakeCaches>, videos: SavedVideo[]) {
  const db = await openDownloadsDb();
  const cache = await caches.open('vidshare-downloads');
  for (const video of videos) {
    await db.put('videos', video);
    for (const path of [video.videoUrl, video.thumbnailUrl, ...(video.captions ?? []).map((caption) => caption.url)]) await cache.put(path, new Response('bytes'));
  }
  db.close();
}

describe('saved videos the server no longer serves', () => {
  it('removes those answered 410, 404 or 403 and tells the user; keeps those answered 200 or 5xx', async () => {
    const caches = fakeCaches();
    await saveAll(caches, [saved('taken', 'Taken down clip'), saved('deleted', 'Deleted clip'), saved('kept', 'Kept clip'), saved('flaky', 'Flaky clip')]);
    const answers: Record<string, { status: number; body: unknown }> = {
      taken: fail(410, 'This video was removed by a moderator'),
      deleted: fail(404, 'Video not found'),
      kept: ok({ _id: 'kept' }),
      flaky: fail(503, 'Try again'),
    };
    const { calls } = mockFetch((call) => answers[call.url.pathname.split('/').pop()!]!);
    const told = vi.spyOn(toast, 'info').mockImplementation(() => undefined);

    expect(await checkSavedVideos()).toBe(2);
    expect(calls.map((call) => call.url.pathname).sort()).toEqual(['/api/v1/videos/deleted', '/api/v1/videos/flaky', '/api/v1/videos/kept', '/api/v1/videos/taken']);
    expect((await listSavedVideos()).map((video) => video.videoId).sort()).toEqual(['flaky', 'kept']);
    expect(caches.paths('vidshare-downloads').filter((path) => path.includes('taken') || path.includes('deleted'))).toEqual([]);
    expect(caches.paths('vidshare-downloads').filter((path) => path.includes('kept'))).toHaveLength(3);
    expect(told.mock.calls.map(([message]) => message).sort()).toEqual([removedDownloadMessage('Deleted clip'), removedDownloadMessage('Taken down clip')]);
    expect(removedDownloadMessage('Taken down clip')).toBe('"Taken down clip" was removed, so its download was deleted from this device');
  });

  it('asks nothing and keeps everything offline', async () => {
    const caches = fakeCaches();
    await saveAll(caches, [saved('taken', 'Taken down clip')]);
    const { calls } = mockFetch(() => fail(410, 'gone'));
    online = false;
    expect(await checkSavedVideos()).toBe(0);
    expect(calls).toHaveLength(0);
    expect(await listSavedVideos()).toHaveLength(1);
  });
});
