// Caption tracks under concurrency and language tags in any case: the per-video limit holds for
// parallel uploads, and one track per language means per language tag compared without case.
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTION_LIMITS } from '../../contract/limits.js';
import { newId } from '../../server/ids.js';
import { blobOf, call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';
import { filesUnder } from './mediaFixtures.js';

const VTT = 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello\n';
/** 30 distinct language tags: more than a video may have tracks. */
const LANGUAGES = 'en fr de es it pt nl sv da nb fi pl cs sk hu ro bg el tr ru uk ar he hi bn ja ko zh vi th'.split(' ');

function captionForm(language: string, label = `Track ${language}`) {
  const form = new FormData();
  form.set('file', blobOf(Buffer.from(VTT), 'text/vtt'), 'captions.vtt');
  form.set('language', language);
  form.set('label', label);
  return form;
}

describe.each(databases)('caption tracks on %s', (dialect) => {
  let server: TestServer & { dataDir: string };
  let owner: TestUser;
  beforeAll(async () => {
    server = await startServer({ dialect });
    owner = await registerUser(server);
  });
  afterAll(() => server?.close());
  const captionFiles = async (videoId: string) => (await filesUnder(join(server.dataDir, 'media'))).filter((path) => path.startsWith(`captions/${videoId}/`));
  const addCaption = (videoId: string, language: string) => call(server, 'POST', `/videos/${videoId}/captions`, { token: owner.token, form: captionForm(language) });

  it(`keeps the limit of ${CAPTION_LIMITS.perVideo} tracks when ${LANGUAGES.length} uploads arrive at once`, async () => {
    expect(new Set(LANGUAGES).size).toBeGreaterThan(CAPTION_LIMITS.perVideo);
    const videoId = await insertVideo(server, owner.id);
    const answers = await Promise.all(LANGUAGES.map((language) => addCaption(videoId, language)));

    const added = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(added).toHaveLength(CAPTION_LIMITS.perVideo);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 400, body: { success: false, message: `A video can have at most ${CAPTION_LIMITS.perVideo} caption tracks` } });
    }
    const listed = await call(server, 'GET', `/videos/${videoId}/captions`);
    expect(listed.body.data).toHaveLength(CAPTION_LIMITS.perVideo);
    // A refused upload leaves no file behind.
    expect(await captionFiles(videoId)).toHaveLength(CAPTION_LIMITS.perVideo);
  });

  it('stores language tags in their canonical case and answers with it', async () => {
    const videoId = await insertVideo(server, owner.id);
    const cases: Array<[string, string]> = [
      ['EN', 'en'],
      ['pt-br', 'pt-BR'],
      ['ZH-hant-tw', 'zh-Hant-TW'],
    ];
    for (const [sent, canonical] of cases) {
      const added = await addCaption(videoId, sent);
      expect(added.status, sent).toBe(201);
      expect(added.body.data.language).toBe(canonical);
    }
    const listed = await call(server, 'GET', `/videos/${videoId}/captions`);
    expect(listed.body.data.map((caption: { language: string }) => caption.language)).toEqual(cases.map(([, canonical]) => canonical));
  });

  it('refuses a second track in the same language whatever its case, also when both arrive at once', async () => {
    const videoId = await insertVideo(server, owner.id);
    expect((await addCaption(videoId, 'en')).status).toBe(201);
    const again = await addCaption(videoId, 'EN');
    expect(again).toMatchObject({ status: 409, body: { success: false, message: `This video already has captions in 'en': delete them first` } });

    const answers = await Promise.all(['pt-BR', 'pt-br', 'PT-BR', 'Pt-Br'].map((language) => addCaption(videoId, language)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    const listed = await call(server, 'GET', `/videos/${videoId}/captions`);
    expect(listed.body.data.map((caption: { language: string }) => caption.language)).toEqual(['en', 'pt-BR']);
    expect(await captionFiles(videoId)).toHaveLength(2);
  });

  it('refuses a tag that looks like one but is not valid BCP 47', async () => {
    const videoId = await insertVideo(server, owner.id);
    for (const language of ['en-12', 'en-US-US', 'de-1996-1996']) {
      const refused = await addCaption(videoId, language);
      expect(refused, language).toMatchObject({ status: 400, body: { success: false, message: 'Language must be a language tag such as en or pt-BR' } });
    }
    expect(await captionFiles(videoId)).toEqual([]);
  });
});

describe.each(databases)('caption languages stored before they were canonical, on %s', (dialect) => {
  const MIGRATION = '0010_caption_languages';
  let first: TestServer & { dataDir: string; schema: string | null };
  const schema = dialect === 'postgres' ? `t_cap_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}` : undefined;
  beforeAll(async () => {
    first = await startServer({ dialect, schema });
  });
  afterAll(async () => {
    await first?.close();
    if (schema) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL! });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  });

  it('are made canonical at migration, keeping the oldest track of each language', async () => {
    const owner = await registerUser(first);
    const videoId = await insertVideo(first, owner.id);
    const { db } = first.app.db;
    // The database as it was before the migration: its index gone, tags stored as sent.
    await sql`drop index captions_video_language_nocase`.execute(db);
    await db.deleteFrom('kysely_migration' as never).where('name' as never, '=', MIGRATION as never).execute();
    const stored = ['pt-br', 'EN', 'en', 'PT-BR', 'fr'];
    for (const language of stored) {
      const id = newId();
      await db
        .insertInto('captions')
        .values({ id, video_id: videoId, language, label: `Track ${language}`, storage_key: `captions/${videoId}/${id}.vtt`, created_at: new Date().toISOString() })
        .execute();
    }

    const second = await startServer({ dialect, dataDir: first.dataDir, schema: first.schema ?? undefined });
    try {
      const listed = await call(second, 'GET', `/videos/${videoId}/captions`);
      expect(listed.body.data.map((caption: { language: string; label: string }) => [caption.language, caption.label])).toEqual([
        ['pt-BR', 'Track pt-br'],
        ['en', 'Track EN'],
        ['fr', 'Track fr'],
      ]);
      const again = await call(second, 'POST', `/videos/${videoId}/captions`, { token: owner.token, form: captionForm('En') });
      expect(again.status).toBe(409);
    } finally {
      await second.close();
    }
  });
});
