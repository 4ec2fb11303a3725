// JSON bodies are taken as sent: an array where the schema wants a single value is a 400, never
// its first item (Ajv's 'array' coercion made {"role":["admin"]} an admin). Query strings still
// turn text into numbers and booleans as the spec's clients send them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser, setRole } from '../support/server.js';

describe.each(databases)('request coercion on %s', (dialect) => {
  let server: TestServer;
  let admin: TestUser;
  let user: TestUser;
  let videoId: string;
  beforeAll(async () => {
    server = await startServer({ dialect });
    [admin, user] = await Promise.all([registerUser(server), registerUser(server)]);
    await setRole(server, admin, 'admin');
    videoId = await insertVideo(server, admin.id);
  });
  afterAll(() => server?.close());

  it('refuses an array in place of a single value in JSON bodies, and changes nothing', async () => {
    const refusals: Array<[string, string, string, unknown]> = [
      ['role', 'PATCH', `/moderation/users/${user.id}/role`, { role: ['admin'] }],
      ['comment', 'POST', `/comments/add/${videoId}`, { content: ['hello'] }],
      ['position', 'PATCH', `/watch-history/position/${videoId}`, { position: [12] }],
      ['login', 'POST', '/users/login', { email: [user.email], password: [user.password] }],
      ['playlist', 'POST', '/playlist/create', { name: ['Mine'], description: ['Kept'] }],
    ];
    for (const [what, method, path, json] of refusals) {
      const answer = await call(server, method, path, { token: admin.token, json });
      expect(answer.status, what).toBe(400);
      expect(answer.body, what).toMatchObject({ statusCode: 400, success: false, message: expect.stringMatching(/^Invalid /) });
    }
    expect((await call(server, 'GET', '/users/me', { token: user.token })).body.data.role).toBe('user');
    expect((await call(server, 'GET', `/comments/all/${videoId}`)).body.data).toEqual([]);
  });

  it('still takes single values in JSON bodies and coerces query strings', async () => {
    const promoted = await call(server, 'PATCH', `/moderation/users/${user.id}/role`, { token: admin.token, json: { role: 'moderator' } });
    expect(promoted).toMatchObject({ status: 200, body: { data: { role: 'moderator' } } });
    const page = await call(server, 'GET', '/videos/all-videos?page=1&limit=5');
    expect(page.status).toBe(200);
    expect(page.body.data.videos.map((video: { _id: string }) => video._id)).toContain(videoId);
    expect((await call(server, 'GET', '/videos/all-videos?page=0')).status).toBe(400);
    expect((await call(server, 'GET', '/search/popular?limit=3')).status).toBe(200);
    expect((await call(server, 'PATCH', `/subscription/notify/${admin.id}`, { token: user.token, json: { notify: true } })).status).not.toBe(400);
  });
});
