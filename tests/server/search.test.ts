import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { RECENT_VIDEOS } from '../../server/db/migrations/0008_search_recent.js';
import { recentVideosQuery } from '../../server/db/repositories/search.js';
import { searchTerms } from '../../server/search/terms.js';
import { newId } from '../../server/ids.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';

describe.each(databases)('search on %s', (dialect) => {
  let server: TestServer;
  let chef: TestUser;
  let coder: TestUser;
  const ids: Record<string, string> = {};
  const search = (kind: 'users' | 'videos' | 'playlist', q: string, extra = '') => call(server, 'GET', `/${kind}/search?q=${encodeURIComponent(q)}${extra}`);
  const titles = (result: { body: any }) => result.body.data.map((item: any) => item.title ?? item.name ?? item.username);

  beforeAll(async () => {
    server = await startServer({ dialect });
    chef = await registerUser(server, { username: `pasta_chef_${Date.now().toString(36)}`, fullName: 'Marco Cucina' });
    coder = await registerUser(server, { fullName: 'Grace Reactive' });
    // The description-only match is inserted last, so newest-first ordering alone would put it first.
    ids.title = await insertVideo(server, coder.id, { title: 'React Hooks Tutorial', description: 'State and effects explained' });
    ids.cooking = await insertVideo(server, chef.id, { title: 'Fresh pasta at home', description: 'Flour, eggs and patience' });
    ids.description = await insertVideo(server, chef.id, { title: 'Kitchen vlog', description: 'I react to your pasta photos' });
    ids.processing = await insertVideo(server, coder.id, { title: 'React Server Components', description: 'draft' });
    await server.app.repos.videos.setStatus(ids.processing, 'processing');

    const create = async (user: TestUser, name: string, description: string) =>
      (await call(server, 'POST', '/playlist/create', { token: user.token, json: { name, description } })).body.data._id as string;
    ids.reactList = await create(coder, 'React learning path', 'Everything about hooks');
    ids.pastaList = await create(chef, 'Pasta classics', 'Recipes that react well to improvisation');
    await call(server, 'PATCH', `/playlist/add/${ids.title}/${ids.reactList}`, { token: coder.token });
  });
  afterAll(() => server?.close());

  it('finds ready videos by title and description, title matches first', async () => {
    const result = await search('videos', 'react');
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ statusCode: 200, success: true });
    expect(result.body.data.map((v: any) => v._id)).toEqual([ids.title, ids.description]);
    expect(result.body.data[0]).toMatchObject({ title: 'React Hooks Tutorial', owner: { _id: coder.id }, status: 'ready' });
    expect(result.body.data[0].filePath).toContain('/upload/');
  });

  it('matches the last word as a prefix and words in any form (stemming)', async () => {
    expect(titles(await search('videos', 'reac'))).toContain('React Hooks Tutorial');
    expect(titles(await search('videos', 'hooks tut'))).toEqual(['React Hooks Tutorial']);
    expect(titles(await search('videos', 'tutorials'))).toEqual(['React Hooks Tutorial']);
    expect(titles(await search('videos', 'PASTA'))).toEqual(['Fresh pasta at home', 'Kitchen vlog']);
    expect(titles(await search('videos', 'pasta hooks'))).toEqual([]);
  });

  it('finds users by username, full name and bio, with their totals', async () => {
    await server.app.db.db.updateTable('users').set({ bio: 'I teach frontend engineering' }).where('id', '=', coder.id).execute();
    await server.app.db.db.updateTable('videos').set({ views_count: 7 }).where('id', '=', ids.title!).execute();
    const byName = await search('users', 'marco');
    expect(byName.status).toBe(200);
    expect(byName.body.data).toEqual([
      {
        _id: chef.id,
        username: chef.username,
        fullName: 'Marco Cucina',
        avatar: expect.stringMatching(/\/media\/image\/upload\//),
        bio: '',
        createdAt: expect.any(String),
        subscribersCount: 0,
        totalViews: 0,
      },
    ]);
    expect((await search('users', 'pasta_chef')).body.data.map((u: any) => u._id)).toEqual([chef.id]);
    const byBio = await search('users', 'frontend engineer');
    expect(byBio.body.data).toMatchObject([{ _id: coder.id, totalViews: 7 }]);
    expect(JSON.stringify(byBio.body)).not.toMatch(/email|password/i);
  });

  it('finds playlists by name above description matches, with their videos', async () => {
    const result = await search('playlist', 'react');
    expect(result.status).toBe(200);
    expect(result.body.data.map((p: any) => p._id)).toEqual([ids.reactList, ids.pastaList]);
    expect(result.body.data[0]).toMatchObject({ name: 'React learning path', videosCount: 1, owner: { _id: coder.id } });
    expect(result.body.data[0].videos[0]).toMatchObject({ _id: ids.title, duration: 10 });
  });

  it('answers an empty list for an empty or blank q', async () => {
    for (const kind of ['users', 'videos', 'playlist'] as const) {
      for (const path of [`/${kind}/search`, `/${kind}/search?q=`, `/${kind}/search?q=${encodeURIComponent('   ')}`]) {
        const result = await call(server, 'GET', path);
        expect(result.status).toBe(200);
        expect(result.body.data).toEqual([]);
      }
    }
  });

  it('never fails on hostile queries', async () => {
    const hostile = ['"', 'AND(', 'react OR', 'NEAR(a b)', '*', "'; drop table videos; --", 'title:react', '(((', 'a & | ! b', '\\', '💥', '-react', '^pasta', '½ ²', 'the', 'ǅ'.repeat(3)];
    for (const kind of ['users', 'videos', 'playlist'] as const) {
      for (const q of hostile) {
        const result = await search(kind, q);
        expect(result.status, `${kind} ${q}`).toBe(200);
        expect(Array.isArray(result.body.data)).toBe(true);
      }
    }
    expect(titles(await search('videos', '"react'))).toContain('React Hooks Tutorial');
    expect(titles(await search('videos', 'title:react'))).toEqual([]);
    const tooLong = await search('videos', 'x'.repeat(201));
    expect(tooLong.status).toBe(400);
    // The table is still there.
    expect((await search('videos', 'pasta')).body.data).toHaveLength(2);
  });

  it('honours limit, at most 20 by default', async () => {
    for (let i = 0; i < 22; i++) await insertVideo(server, coder.id, { title: `Zebra facts ${i}` });
    expect((await search('videos', 'zebra')).body.data).toHaveLength(20);
    expect((await search('videos', 'zebra', '&limit=5')).body.data).toHaveLength(5);
  });

  it('follows edits and deletions', async () => {
    await call(server, 'PATCH', `/playlist/${ids.pastaList}`, { token: chef.token, json: { name: 'Noodle classics' } });
    expect((await search('playlist', 'noodle')).body.data.map((p: any) => p._id)).toEqual([ids.pastaList]);
    await call(server, 'DELETE', `/playlist/${ids.pastaList}`, { token: chef.token });
    expect((await search('playlist', 'noodle')).body.data).toEqual([]);
  });
});

// A common word is ranked among the newest RECENT_VIDEOS videos only, so its cost is
// bounded by that window and not by how many videos match.
describe.each(databases)('search ranking bound on %s', (dialect) => {
  let server: TestServer;
  let owner: TestUser;
  let oldStrong: string;
  let oldRare: string;
  const matching = RECENT_VIDEOS + 300;

  beforeAll(async () => {
    server = await startServer({ dialect });
    owner = await registerUser(server);
    // The best 'quasar' match of all (in the title, three times), but older than the window.
    oldStrong = await insertVideo(server, owner.id, { title: 'Quasar quasar quasar', description: 'quasar' });
    oldRare = await insertVideo(server, owner.id, { title: 'Pulsar notes', description: 'an old one' });
    const db = server.app.db.db;
    const ids: string[] = [];
    for (let offset = 0; offset < matching; offset += 250) {
      const at = new Date().toISOString();
      const rows = Array.from({ length: Math.min(250, matching - offset) }, (_, i) => {
        const id = newId();
        ids.push(id);
        const n = offset + i;
        return { id, owner_id: owner.id, title: `Episode ${n}`, description: `about a quasar, part ${n}`, status: 'ready' as const, duration: 10, thumbnail: '', source_key: '', created_at: at, updated_at: at };
      });
      await db.insertInto('videos').values(rows).execute();
    }
    // One window video gets the word in its title by an edit: the window follows edits.
    await db.updateTable('videos').set({ title: 'Quasar seen today' }).where('id', '=', ids[matching - 10]!).execute();
    if (dialect === 'postgres') await sql`analyze videos`.execute(db);
  });
  afterAll(() => server?.close());

  it('ranks a common word within the newest videos: an older, better match stays out', async () => {
    const result = await call(server, 'GET', '/videos/search?q=quasar');
    expect(result.status).toBe(200);
    const found = result.body.data as { _id: string; title: string }[];
    expect(found).toHaveLength(20);
    expect(found[0]!.title).toBe('Quasar seen today');
    expect(found.map((v) => v._id)).not.toContain(oldStrong);
    // The rest are description matches from the window, newest first on equal relevance.
    expect(found.slice(1).map((v) => v.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Episode ${matching - 1 - i}`).filter((t) => t !== `Episode ${matching - 10}`).slice(0, 19));
  });

  it('still finds a word that only older videos have', async () => {
    expect((await call(server, 'GET', '/videos/search?q=pulsar')).body.data.map((v: any) => v._id)).toEqual([oldRare]);
    expect((await call(server, 'GET', '/videos/search?q=quasar%20quasar%20quasar&limit=50')).body.data.length).toBe(50);
  });

  it('reads no more rows than the window, however many videos match', async () => {
    const db = server.app.db.db;
    const query = recentVideosQuery(dialect, searchTerms('quasar'), 20);
    if (dialect === 'sqlite') {
      const windowRows = await sql<{ n: number }>`select count(*) as n from videos_recent_fts`.execute(db);
      expect(windowRows.rows[0]!.n).toBe(RECENT_VIDEOS);
      const plan = (await sql<{ detail: string }>`explain query plan ${query}`.execute(db)).rows.map((r) => r.detail).join('\n');
      expect(plan).toMatch(/videos_recent_fts/);
      expect(plan).not.toMatch(/\bvideos_fts\b/);
      expect(plan).not.toMatch(/SCAN (videos|owner)\b/);
    } else {
      // At this size (1 300 rows) the planner rightly reads the whole table for the final 20-row
      // join; at 100 000 it takes the key, as it does here with sequential scans priced out.
      const explained = await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return sql<{ 'QUERY PLAN': unknown }>`explain (analyze, format json) ${query}`.execute(trx);
      });
      const nodes: { 'Node Type': string; 'Actual Rows': number; 'Index Name'?: string }[] = [];
      const walk = (node: any) => {
        nodes.push(node);
        for (const child of node.Plans ?? []) walk(child);
      };
      walk((explained.rows[0]!['QUERY PLAN'] as any)[0].Plan);
      expect(Math.max(...nodes.map((n) => n['Actual Rows']))).toBeLessThanOrEqual(RECENT_VIDEOS);
      expect(nodes.some((n) => n['Node Type'] === 'Index Scan' && n['Index Name'] === 'videos_pkey')).toBe(true);
      expect(nodes.map((n) => n['Node Type'])).not.toContain('Seq Scan');
      expect(nodes.map((n) => n['Node Type'])).not.toContain('Bitmap Index Scan');
    }
  });
});

describe.each(databases)('search beside moderated videos on %s', (dialect) => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('fills the page with listed videos when the best matches are taken down or their owner suspended', async () => {
    server = await startServer({ dialect });
    const owner = await registerUser(server);
    const suspended = await registerUser(server);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push(await insertVideo(server, i % 5 === 4 ? suspended.id : owner.id, { title: `Nebula ${i}`, description: 'Deep sky' }));
    const db = server.app.db.db;
    // The newest eight, which rank first on equal relevance, are taken down; every fifth video's owner is suspended.
    const takenDown = ids.slice(-8);
    await db.updateTable('videos').set({ taken_down_at: new Date().toISOString(), taken_down_reason: 'Spam' }).where('id', 'in', takenDown).execute();
    await db.updateTable('users').set({ suspended_at: new Date().toISOString(), suspended_reason: 'Spam' }).where('id', '=', suspended.id).execute();
    const hidden = new Set([...takenDown, ...ids.filter((_, i) => i % 5 === 4)]);
    const listed = ids.filter((id) => !hidden.has(id)).reverse();

    const page = (await call(server, 'GET', '/videos/search?q=nebula&limit=10')).body.data.map((v: { _id: string }) => v._id);
    expect(page).toEqual(listed.slice(0, 10));
    const all = (await call(server, 'GET', '/videos/search?q=nebula&limit=50')).body.data.map((v: { _id: string }) => v._id);
    expect(all).toEqual(listed);
  });
});
