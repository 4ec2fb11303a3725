// The player APIs: captions (owner-only upload of WebVTT/SRT, list, delete, served from
// /media) and the saved watch position (PATCH /watch-history/position, resumeAt, history positions).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobOf, call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';
import { filesUnder } from './mediaFixtures.js';

const VTT = 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello\n\nNOTE a comment\n\ncue-2\n00:00:02.000 --> 00:00:04.000 align:start\nWorld\n';
const SRT = '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nOlá <i>mundo</i>\r\n\r\n2\r\n00:00:03,000 --> 00:01:04,250\r\nA --> B\r\nsecond line\r\n';

function captionForm(fields: { file?: string | Buffer; name?: string; language?: string; label?: string }) {
  const form = new FormData();
  if (fields.file !== undefined) form.set('file', blobOf(Buffer.from(fields.file), 'application/octet-stream'), fields.name ?? 'captions.vtt');
  if (fields.language !== undefined) form.set('language', fields.language);
  if (fields.label !== undefined) form.set('label', fields.label);
  return form;
}

describe.each(databases)('captions on %s', (dialect) => {
  let server: TestServer & { dataDir: string };
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    server = await startServer({ dialect });
    owner = await registerUser(server);
    other = await registerUser(server);
  });
  afterAll(() => server?.close());
  const captionFiles = async (videoId: string) => (await filesUnder(join(server.dataDir, 'media'))).filter((path) => path.startsWith(`captions/${videoId}/`));

  it('takes WebVTT as sent and SRT converted, lists them and serves them from /media', async () => {
    const videoId = await insertVideo(server, owner.id);
    const vtt = await call(server, 'POST', `/videos/${videoId}/captions`, { token: owner.token, form: captionForm({ file: VTT, language: 'en', label: 'English' }) });
    expect(vtt.status).toBe(201);
    expect(vtt.body.data).toEqual({ _id: expect.any(String), language: 'en', label: 'English', url: `/media/captions/${videoId}/${vtt.body.data._id}.vtt` });
    const srt = await call(server, 'POST', `/videos/${videoId}/captions`, {
      token: owner.token,
      form: captionForm({ file: SRT, name: 'pt.srt', language: 'pt-BR', label: 'Português' }),
    });
    expect(srt.status).toBe(201);

    const list = await call(server, 'GET', `/videos/${videoId}/captions`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([vtt.body.data, srt.body.data]);

    const served = await fetch(`${server.url}${vtt.body.data.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(served.headers.get('cache-control')).toBe('public, no-cache');
    expect(await served.text()).toBe(VTT);
    const etag = served.headers.get('etag')!;
    expect((await fetch(`${server.url}${vtt.body.data.url}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const part = await fetch(`${server.url}${vtt.body.data.url}`, { headers: { range: 'bytes=0-5' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('WEBVTT');

    const converted = await (await fetch(`${server.url}${srt.body.data.url}`)).text();
    expect(converted).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nOlá <i>mundo</i>\n\n00:00:03.000 --> 00:01:04.250\nA -> B\nsecond line\n');
  });

  it('lets only the owner add or delete, and deleting removes the file', async () => {
    const videoId = await insertVideo(server, owner.id);
    const form = () => captionForm({ file: VTT, language: 'fr', label: 'Français' });
    expect((await call(server, 'POST', `/videos/${videoId}/captions`, { form: form() })).status).toBe(401);
    const foreign = await call(server, 'POST', `/videos/${videoId}/captions`, { token: other.token, form: form() });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ success: false, message: 'Only the owner can change the captions of this video' });
    expect((await call(server, 'POST', `/videos/nope/captions`, { token: owner.token, form: form() })).status).toBe(404);
    expect(await captionFiles(videoId)).toEqual([]);

    const added = await call(server, 'POST', `/videos/${videoId}/captions`, { token: owner.token, form: form() });
    expect(added.status).toBe(201);
    const again = await call(server, 'POST', `/videos/${videoId}/captions`, { token: owner.token, form: form() });
    expect(again.status).toBe(409);
    expect(await captionFiles(videoId)).toHaveLength(1);

    const captionId = added.body.data._id;
    expect((await call(server, 'DELETE', `/videos/${videoId}/captions/${captionId}`, { token: other.token })).status).toBe(403);
    expect((await call(server, 'DELETE', `/videos/${videoId}/captions/${captionId}`)).status).toBe(401);
    const removed = await call(server, 'DELETE', `/videos/${videoId}/captions/${captionId}`, { token: owner.token });
    expect(removed).toMatchObject({ status: 200, body: { data: { captionId } } });
    expect(await captionFiles(videoId)).toEqual([]);
    expect((await call(server, 'GET', `/videos/${videoId}/captions`)).body.data).toEqual([]);
    expect((await fetch(`${server.url}${added.body.data.url}`)).status).toBe(404);
    expect((await call(server, 'DELETE', `/videos/${videoId}/captions/${captionId}`, { token: owner.token })).status).toBe(404);

    // Deleting the video takes its captions with it.
    const kept = await call(server, 'POST', `/videos/${videoId}/captions`, { token: owner.token, form: form() });
    expect(kept.status).toBe(201);
    expect((await call(server, 'DELETE', `/videos/delete/${videoId}`, { token: owner.token })).status).toBe(200);
    expect(await captionFiles(videoId)).toEqual([]);
  });

  it('refuses bad files and fields with a clear 4xx, leaving no row and no file', async () => {
    const videoId = await insertVideo(server, owner.id);
    const cases: Array<[ReturnType<typeof captionForm>, number, RegExp]> = [
      [captionForm({ language: 'en', label: 'English' }), 400, /Caption file is required/],
      [captionForm({ file: VTT, language: 'english!', label: 'English' }), 400, /Language must be a language tag/],
      [captionForm({ file: VTT, language: 'en', label: '  ' }), 400, /Label is required/],
      [captionForm({ file: VTT, language: 'en', label: 'x'.repeat(61) }), 400, /Label must be at most 60/],
      [captionForm({ file: Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]), language: 'en', label: 'Bin' }), 400, /UTF-8|WebVTT or SRT/],
      [captionForm({ file: 'just some text\nwithout cues\n', language: 'en', label: 'Text' }), 400, /valid timing line/],
      [captionForm({ file: 'WEBVTT\n\n', language: 'en', label: 'Empty' }), 400, /no cues/],
      [captionForm({ file: 'WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nBackwards\n', language: 'en', label: 'Bad' }), 400, /valid timing line/],
      [captionForm({ file: '1\n00:00:01,000 -> 00:00:02,000\nHi\n', language: 'en', label: 'Bad' }), 400, /valid timing line/],
      [captionForm({ file: `WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${'a'.repeat(1024 * 1024)}\n`, language: 'en', label: 'Big' }), 413, /at most 1 MB/],
    ];
    for (const [form, status, message] of cases) {
      const result = await call(server, 'POST', `/videos/${videoId}/captions`, { token: owner.token, form });
      expect(result.status, String(message)).toBe(status);
      expect(result.body).toMatchObject({ success: false, message: expect.stringMatching(message) });
    }
    expect((await call(server, 'GET', `/videos/${videoId}/captions`)).body.data).toEqual([]);
    expect(await captionFiles(videoId)).toEqual([]);
    expect(await filesUnder(join(server.dataDir, 'tmp'))).toEqual([]);
  });
});

describe.each(databases)('watch position on %s', (dialect) => {
  let server: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    server = await startServer({ dialect });
    owner = await registerUser(server);
  });
  afterAll(() => server?.close());

  it('saves the position, answers resumeAt to the signed-in caller and shows it in the history', async () => {
    const me = await registerUser(server);
    const videoId = await insertVideo(server, owner.id, { duration: 120 });
    const before = await call(server, 'GET', `/videos/${videoId}`, { token: me.token });
    expect(before.body.data.resumeAt).toBe(0);
    expect((await call(server, 'GET', `/videos/${videoId}`)).body.data.resumeAt).toBeUndefined();

    const saved = await call(server, 'PATCH', `/watch-history/position/${videoId}`, { token: me.token, json: { position: 42.5 } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ videoId, position: 42.5, updatedAt: expect.any(String) });
    expect((await call(server, 'GET', `/videos/${videoId}`, { token: me.token })).body.data.resumeAt).toBe(42.5);
    // Another viewer has their own position.
    expect((await call(server, 'GET', `/videos/${videoId}`, { token: owner.token })).body.data.resumeAt).toBe(0);

    const history = await call(server, 'GET', '/watch-history/get/', { token: me.token });
    expect(history.body.data.videos).toEqual([expect.objectContaining({ videoId, position: 42.5, duration: 120 })]);

    // Saving again does not reorder the history: only watching (add) moves an entry up.
    const second = await insertVideo(server, owner.id, { duration: 60 });
    await call(server, 'POST', `/watch-history/add/${second}`, { token: me.token });
    await call(server, 'PATCH', `/watch-history/position/${videoId}`, { token: me.token, json: { position: 50 } });
    const order = (await call(server, 'GET', '/watch-history/get/', { token: me.token })).body.data.videos.map((entry: { videoId: string }) => entry.videoId);
    expect(order).toEqual([second, videoId]);

    // Watched to the end: start again from 0.
    await call(server, 'PATCH', `/watch-history/position/${videoId}`, { token: me.token, json: { position: 119 } });
    expect((await call(server, 'GET', `/videos/${videoId}`, { token: me.token })).body.data.resumeAt).toBe(0);
  });

  it('refuses signed-out callers, unknown videos and impossible positions', async () => {
    const me = await registerUser(server);
    const videoId = await insertVideo(server, owner.id, { duration: 30 });
    expect((await call(server, 'PATCH', `/watch-history/position/${videoId}`, { json: { position: 3 } })).status).toBe(401);
    expect((await call(server, 'PATCH', `/watch-history/position/nope`, { token: me.token, json: { position: 3 } })).status).toBe(404);
    for (const body of [{ position: -1 }, { position: 'ten' }, {}, { position: 100 }]) {
      const result = await call(server, 'PATCH', `/watch-history/position/${videoId}`, { token: me.token, json: body });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.success).toBe(false);
    }
    expect((await call(server, 'GET', '/watch-history/get/', { token: me.token })).body.data.videos).toEqual([]);
  });
});
