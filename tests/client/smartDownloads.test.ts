// One smart-downloads run against a fake server (fetch) and a fake Cache Storage: settings off or a
// cellular connection do nothing; the newest candidates are kept at the chosen rung; a partial file
// resumes with a Range request; the budget evicts watched before left-the-feed, never a pinned or a
// manual download, and does not fetch an evicted watched video again; a video the server answers 410
// for leaves the device.
import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfflineCandidate } from '../../contract/offlineCandidates';
import { type DownloadsDb, openDownloadsDb, type SavedVideo, type SmartSettings } from '../../shared/downloadDb';
import { DEFAULT_SMART_SETTINGS, evictionOrder, isMetered, pickRung, runSmartDownloads } from '../../shared/smartRun';

const ORIGIN = 'http://app.test';
let stored: Map<string, Response>;
let db: DownloadsDb;

beforeEach(async () => {
  stored = new Map();
  const cache = {
    put: async (key: string, response: Response) => void stored.set(key, response),
    delete: async (key: string) => stored.delete(key),
    add: async () => undefined,
  };
  vi.stubGlobal('caches', { open: async () => cache });
  // jsdom's Blob is not one Node's Response can read: the worker's run uses the platform's.
  vi.stubGlobal('Blob', NodeBlob);
  db = await openDownloadsDb();
});
afterEach(async () => {
  db.close();
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase('vidshare-downloads');
    request.onsuccess = request.onerror = resolve;
  });
  vi.unstubAllGlobals();
});

const candidate = (id: string, reasons: OfflineCandidate['reasons'] = ['subscription']): OfflineCandidate => ({
  reason: reasons.includes('watch-later') ? 'watch-later' : 'subscription',
  reasons,
  video: { _id: id, title: `Video ${id}`, thumbnail: '', duration: 10, owner: { _id: 'o', fullName: 'Owner' } } as OfflineCandidate['video'],
  rungs: [
    { height: 720, bytes: 700, url: `${ORIGIN}/media/video/hls/${id}/720.mp4` },
    { height: 360, bytes: 300, url: `${ORIGIN}/media/video/hls/${id}/360.mp4` },
    { height: 144, bytes: 100, url: `${ORIGIN}/media/video/hls/${id}/144.mp4` },
  ],
});

const kept = (id: string, fields: Partial<SavedVideo> = {}): SavedVideo => ({
  videoId: id,
  title: id,
  ownerName: '',
  duration: 10,
  size: 300,
  quality: 360,
  videoUrl: `/media/video/hls/${id}/360.mp4`,
  thumbnailUrl: '',
  savedAt: '2026-01-01T00:00:00.000Z',
  origin: 'smart',
  ...fields,
});

interface FakeServer {
  candidates: OfflineCandidate[];
  gone?: string[];
  /** Cut the body of these paths after this many bytes (the network drops). */
  cutAfter?: Record<string, number>;
}

function serve(server: FakeServer) {
  const requests: Array<{ path: string; range: string | null }> = [];
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    requests.push({ path: url.pathname + url.search, range: request.headers.get('Range') });
    if (url.pathname === '/api/v1/offline/candidates') return Response.json({ data: { candidates: server.candidates } });
    if (url.pathname.startsWith('/api/v1/videos/')) return new Response('{}', { status: server.gone?.includes(url.pathname.split('/').pop()!) ? 410 : 200 });
    const height = Number(/(\d+)\.mp4$/.exec(url.pathname)![1]);
    const whole = new Uint8Array(height === 720 ? 700 : height === 360 ? 300 : 100).fill(7);
    const from = Number(/bytes=(\d+)-/.exec(request.headers.get('Range') ?? '')?.[1] ?? 0);
    const body = whole.slice(from);
    const cut = server.cutAfter?.[url.pathname];
    if (cut !== undefined) {
      delete server.cutAfter![url.pathname];
      let pulls = 0;
      const stream = new ReadableStream({
        pull(controller) {
          pulls += 1;
          if (pulls === 1) controller.enqueue(body.slice(0, cut));
          else controller.error(new TypeError('network dropped'));
        },
      });
      return new Response(stream, { status: 200 });
    }
    return new Response(body, { status: from ? 206 : 200 });
  });
  return { fetch, requests };
}

async function configure(settings: Partial<SmartSettings>) {
  await db.put('settings', { ...DEFAULT_SMART_SETTINGS, enabled: true, ...settings }, 'smart');
}

const run = (fetch: (request: Request) => Promise<Response>, connection?: { type?: string }) =>
  runSmartDownloads({ db, origin: ORIGIN, token: 't', fetch, connection, estimate: async () => ({ quota: 10_000 }) });

describe('smart downloads', () => {
  it('does nothing while off (the default) or on a cellular connection without mobile data', async () => {
    const server = serve({ candidates: [candidate('a')] });
    expect((await run(server.fetch)).skipped).toBe('off');
    await configure({});
    expect((await run(server.fetch, { type: 'cellular' })).skipped).toBe('metered');
    expect(server.fetch).not.toHaveBeenCalled();
    const waitingSince = (await db.get('settings', 'smart'))?.waitingSince;
    expect(waitingSince).toEqual(expect.any(String)); // Downloads says it waits for Wi-Fi
    await run(server.fetch, { type: 'cellular' });
    expect((await db.get('settings', 'smart'))?.waitingSince).toBe(waitingSince); // since the first wait
    expect(isMetered({ type: 'wifi' })).toBe(false);
    await configure({ allowCellular: true });
    expect((await run(server.fetch, { type: 'cellular' })).added).toEqual(['a']);
    expect((await db.get('settings', 'smart'))?.waitingSince).toBeUndefined();
  });

  it('keeps each candidate at the best rung under the chosen height, with the session and its reasons', async () => {
    await configure({ height: 360 });
    const server = serve({ candidates: [candidate('a'), candidate('b', ['subscription', 'watch-later'])] });
    const report = await run(server.fetch);
    expect(report).toMatchObject({ added: ['a', 'b'], removed: [], evicted: [] });
    expect(server.requests[0]).toEqual({ path: '/api/v1/offline/candidates?limit=5', range: null });
    expect([...stored.keys()].sort()).toEqual(['/media/video/hls/a/360.mp4', '/media/video/hls/b/360.mp4']);
    expect(await db.get('videos', 'b')).toMatchObject({ origin: 'smart', quality: 360, size: 300, reasons: ['subscription', 'watch-later'] });
    expect(pickRung(candidate('x').rungs, 100)?.height).toBe(144); // none fits: the lowest
    // A second run downloads nothing again.
    expect((await run(server.fetch)).added).toEqual([]);
  });

  it('resumes a partial download by byte range on the next run', async () => {
    await configure({});
    const server = serve({ candidates: [candidate('a')], cutAfter: { '/media/video/hls/a/360.mp4': 120 } });
    expect((await run(server.fetch)).added).toEqual([]);
    expect((await db.get('partials', 'a'))?.data.byteLength).toBe(120);
    expect((await run(server.fetch)).added).toEqual(['a']);
    expect(server.requests.filter((request) => request.path.endsWith('.mp4')).map((request) => request.range)).toEqual([null, 'bytes=120-']);
    expect((await stored.get('/media/video/hls/a/360.mp4')!.arrayBuffer()).byteLength).toBe(300);
    expect(await db.get('partials', 'a')).toBeUndefined();
  });

  it('makes room by evicting watched before left-the-feed, never pinned or manual; a taken-down video leaves', async () => {
    // Budget 1000: 4 kept (1200) is already over; the new one needs 300 more.
    await configure({ budgetBytes: 1000 });
    for (const video of [
      kept('pinned', { watched: 1, pinned: true }),
      kept('manual', { origin: 'manual', watched: 1 }),
      kept('left'),
      kept('watched', { watched: 0.95, savedAt: '2026-02-01T00:00:00.000Z' }),
      kept('down'),
    ]) {
      await db.put('videos', video);
    }
    // Before the run only the watched one may go (nothing has left the feed yet).
    expect(evictionOrder(await db.getAll('videos')).map((video) => video.videoId)).toEqual(['watched']);
    const server = serve({ candidates: [candidate('new'), candidate('watched')], gone: ['down'] });
    const report = await run(server.fetch);
    expect(report.removed).toEqual(['down']);
    expect(report.evicted).toEqual(['watched', 'left']);
    expect(report.added).toEqual(['new']);
    expect((await db.getAllKeys('videos')).sort()).toEqual(['manual', 'new', 'pinned']);

    // The watched one it evicted is not fetched again while it stays a candidate, even with room for it.
    await db.put('settings', { ...(await db.get('settings', 'smart'))!, budgetBytes: 10_000 }, 'smart');
    expect((await run(server.fetch)).added).toEqual([]);
    expect((await db.get('settings', 'smart'))?.dismissed).toEqual(['watched']);
    // Once it is no candidate any more, it is forgotten.
    expect((await run(serve({ candidates: [candidate('new')] }).fetch)).added).toEqual([]);
    expect((await db.get('settings', 'smart'))?.dismissed).toEqual([]);
  });
});
