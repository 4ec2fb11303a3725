// Text both databases store alike: a NUL (U+0000) or an unpaired surrogate anywhere in a body,
// query string, path parameter, multipart field or tus metadata is refused with the same 400 on
// SQLite and PostgreSQL (where NUL in text is a database error), before anything is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, insertVideo, pngBytes, registerUser, startServer, type ApiResult, type TestServer, type TestUser } from '../support/server.js';

const REFUSED = /text must not contain NUL \(U\+0000\) or unpaired surrogate/;
const NUL = 'a\u0000b';
const LONE_HIGH = 'a\uD800b';
const LONE_LOW = 'a\uDC00b';

function expectRefused(answer: ApiResult, what: string) {
  expect(answer.status, what).toBe(400);
  expect(answer.body, what).toMatchObject({ statusCode: 400, success: false, message: expect.stringMatching(REFUSED) });
}

describe.each(databases)('unstorable text on %s', (dialect) => {
  let server: TestServer;
  let user: TestUser;
  let videoId: string;
  let commentId: string;
  let playlistId: string;
  beforeAll(async () => {
    server = await startServer({ dialect });
    user = await registerUser(server, { fullName: 'Plain Name' });
    videoId = await insertVideo(server, user.id);
    commentId = (await call(server, 'POST', `/comments/add/${videoId}`, { token: user.token, json: { content: 'first' } })).body.data._id;
    playlistId = (await call(server, 'POST', '/playlist/create', { token: user.token, json: { name: 'Mine', description: 'Kept' } })).body.data._id;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Every JSON write family, with `text` in one of its text fields. */
  const jsonWrites = (text: string): Array<[string, string, string, unknown]> => [
    ['comment', 'POST', `/comments/add/${videoId}`, { content: text }],
    ['comment edit', 'PATCH', `/comments/update/${commentId}`, { content: text }],
    ['video title', 'PATCH', `/videos/${videoId}`, { title: text }],
    ['video description', 'PATCH', `/videos/${videoId}`, { description: text }],
    ['profile', 'POST', '/users/update-all-details', { fullName: text, email: user.email }],
    ['profile bio', 'POST', '/users/update-all-details', { fullName: 'Plain Name', email: user.email, bio: text }],
    ['password', 'POST', '/users/update-password', { currentPassword: user.password, newPassword: `${text}long enough` }],
    ['playlist', 'POST', '/playlist/create', { name: text, description: 'd' }],
    ['playlist rename', 'PATCH', `/playlist/${playlistId}`, { name: text }],
    ['report', 'POST', `/reports/video/${videoId}`, { reason: 'other', details: text }],
    ['comment improver', 'POST', '/ai/improve-comment', { content: text }],
    ['push endpoint', 'POST', '/push/subscriptions', { endpoint: `https://push.example/${text}`, keys: { p256dh: 'x', auth: 'y' } }],
    ['a key', 'POST', `/comments/add/${videoId}`, { content: 'fine', [text]: 1 }],
  ];

  async function unchanged() {
    const { body: comments } = await call(server, 'GET', `/comments/all/${videoId}`);
    expect(comments.data.map((comment: { content: string }) => comment.content)).toEqual(['first']);
    const { body: video } = await call(server, 'GET', `/videos/${videoId}`);
    expect(video.data).toMatchObject({ title: 'A test video', description: 'Made by the test harness' });
    const { body: me } = await call(server, 'GET', '/users/me', { token: user.token });
    expect(me.data).toMatchObject({ fullName: 'Plain Name' });
    const { body: playlists } = await call(server, 'GET', `/playlist/user/${user.username}/playlists`);
    expect(playlists.data.playlists.map((playlist: { name: string }) => playlist.name)).toEqual(['Mine']);
    expect((await call(server, 'GET', `/reports/video/${videoId}/mine`, { token: user.token })).body.data).toMatchObject({ reported: false });
  }

  it('refuses a NUL in every JSON write with one 400 and stores nothing', async () => {
    for (const [what, method, path, json] of jsonWrites(NUL)) expectRefused(await call(server, method, path, { token: user.token, json }), what);
    await unchanged();
  });

  it('refuses unpaired surrogates (high or low) the same way', async () => {
    for (const text of [LONE_HIGH, LONE_LOW, '\uDC00\uD800']) {
      for (const [what, method, path, json] of jsonWrites(text)) expectRefused(await call(server, method, path, { token: user.token, json }), `${what} ${JSON.stringify(text)}`);
    }
    await unchanged();
  });

  it('refuses a NUL in urlencoded forms, query strings and path parameters', async () => {
    expectRefused(await call(server, 'POST', '/users/update-all-details', { token: user.token, urlencoded: { fullName: NUL, email: user.email } }), 'form');
    expectRefused(await call(server, 'GET', '/videos/search?q=a%00b'), 'video search');
    expectRefused(await call(server, 'GET', '/users/search?q=a%00b'), 'user search');
    expectRefused(await call(server, 'GET', '/users/c/a%00b'), 'profile path');
    expectRefused(await call(server, 'GET', `/comments/all/${videoId}%00`), 'id path');
    await unchanged();
  });

  it('refuses a NUL in multipart fields: register, profile, upload, captions', async () => {
    const avatar = new Blob([await pngBytes()], { type: 'image/png' });
    const register = new FormData();
    register.set('username', 'nulname');
    register.set('email', 'nul@example.com');
    register.set('password', 'correct horse battery');
    register.set('fullName', NUL);
    register.set('avatar', avatar, 'avatar.png');
    expectRefused(await call(server, 'POST', '/users/register', { form: register }), 'register');
    expect((await call(server, 'GET', '/users/c/nulname')).status).toBe(404);

    const details = new FormData();
    details.set('fullName', NUL);
    details.set('email', user.email);
    expectRefused(await call(server, 'POST', '/users/update-all-details', { token: user.token, form: details }), 'profile form');

    const upload = new FormData();
    upload.set('title', 'Fine');
    upload.set('description', NUL);
    upload.set('videoFile', new Blob([Buffer.alloc(1000)], { type: 'video/mp4' }), 'clip.mp4');
    expectRefused(await call(server, 'POST', '/videos/upload-Video', { token: user.token, form: upload }), 'upload');

    const caption = new FormData();
    caption.set('language', 'en');
    caption.set('label', NUL);
    caption.set('file', new Blob(['WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n'], { type: 'text/vtt' }), 'en.vtt');
    expectRefused(await call(server, 'POST', `/videos/${videoId}/captions`, { token: user.token, form: caption }), 'caption');
    expect((await call(server, 'GET', `/videos/${videoId}/captions`)).body.data).toEqual([]);
    await unchanged();
  });

  it('refuses a NUL in tus metadata before the upload is created', async () => {
    const response = await fetch(`${server.url}/api/v1/uploads/tus`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `title ${Buffer.from(NUL).toString('base64')},description ${Buffer.from('d').toString('base64')}`,
      },
    });
    expectRefused({ status: response.status, body: await response.json(), headers: response.headers }, 'tus');
  });

  it('keeps well-formed text: surrogate pairs (emoji) and other control characters are stored', async () => {
    const text = 'Nice 😀 clip\twith a tab';
    const answer = await call(server, 'POST', `/comments/add/${videoId}`, { token: user.token, json: { content: text } });
    expect(answer.status).toBe(201);
    expect(answer.body.data.content).toBe(text);
  });
});
