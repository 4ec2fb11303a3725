// GET /search/popular: the phone search dialog's popular searches, taken from the catalogue (no
// searches are recorded): words of the most viewed listed videos, one per title first, ordered by
// the views behind them; an empty list on an empty catalogue; kept by the read cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popularSearches } from '../../server/search/popularSearches.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer } from '../support/server.js';

describe('popularSearches', () => {
  it('takes one word per title, most viewed first, then more, ordered by the views behind each word', () => {
    const titles = [
      { title: 'Sourdough bread at home', views: 90 },
      { title: 'React hooks in 10 minutes', views: 50 },
      { title: 'Sourdough starter FAQ', views: 5 },
      { title: 'The best way to fold it', views: 1 },
    ];
    // 'sourdough' carries two titles (96); 'the', 'best', 'to', 'it', 'at', 'in', '10' are never offered.
    expect(popularSearches(titles, 3)).toEqual(['Sourdough', 'React', 'way']);
    expect(popularSearches(titles, 10)).toEqual(['Sourdough', 'bread', 'home', 'React', 'hooks', 'minutes', 'starter', 'FAQ', 'way', 'fold']);
    expect(popularSearches([], 4)).toEqual([]);
    expect(popularSearches([{ title: 'A to Z', views: 3 }], 4)).toEqual([]);
  });
});

describe.each(databases)('GET /search/popular on %s', (dialect) => {
  let server: TestServer;
  const popular = async (query = '') => call(server, 'GET', `/search/popular${query}`);

  beforeAll(async () => {
    // Every read sees the last write here; the cached read has its own test below.
    server = await startServer({ dialect, env: { READ_CACHE_TTL_MS: '0' } });
  });
  afterAll(() => server?.close());

  it('answers an empty list while nothing is listed', async () => {
    const owner = await registerUser(server);
    const draft = await insertVideo(server, owner.id, { title: 'Unfinished upload about volcanoes' });
    await server.app.repos.videos.setStatus(draft, 'processing');
    const result = await popular();
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ statusCode: 200, success: true, data: [] });
  });

  it('offers words of the most viewed videos, each finding a video', async () => {
    const owner = await registerUser(server);
    const views = async (title: string, count: number) => {
      const id = await insertVideo(server, owner.id, { title });
      await server.app.db.db.updateTable('videos').set({ views_count: count }).where('id', '=', id).execute();
    };
    await views('Sourdough bread at home', 900);
    await views('Knitting a scarf', 300);
    await views('Sourdough starter', 20);
    await views('Guitar chords for beginners', 0);
    const result = await popular();
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual(['Sourdough', 'bread', 'Knitting', 'Guitar']);
    // The processing video's words never show.
    expect(result.body.data).not.toContain('volcanoes');
    for (const word of result.body.data as string[]) {
      const found = await call(server, 'GET', `/videos/search?q=${encodeURIComponent(word)}`);
      expect(found.body.data.length, word).toBeGreaterThan(0);
    }
    expect((await popular('?limit=2')).body.data).toEqual(['Sourdough', 'Knitting']);
    expect((await popular('?limit=10')).body.data).toEqual(['Sourdough', 'bread', 'home', 'Knitting', 'scarf', 'starter', 'Guitar', 'chords', 'beginners']);
  });

  it('refuses a bad limit in the envelope', async () => {
    for (const query of ['?limit=0', '?limit=11', '?limit=many']) {
      const result = await popular(query);
      expect(result.status, query).toBe(400);
      expect(result.body).toMatchObject({ statusCode: 400, success: false });
    }
  });
});

describe('GET /search/popular with the read cache', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('answers a repeat from the cache', async () => {
    const owner = await registerUser(server);
    await insertVideo(server, owner.id, { title: 'Watercolour landscapes' });
    expect((await call(server, 'GET', '/search/popular')).body.data).toEqual(['Watercolour', 'landscapes']);
    const before = { ...server.parts.core.readCache.stats };
    expect((await call(server, 'GET', '/search/popular')).body.data).toEqual(['Watercolour', 'landscapes']);
    expect(server.parts.core.readCache.stats.built).toBe(before.built);
    expect(server.parts.core.readCache.stats.local).toBe(before.local + 1);
  });
});
