import { describe, expect } from 'vitest';
import { newId } from '../../server/ids.js';
import { test } from '../support/fixtures.js';
import { call, databases, registerUser } from '../support/server.js';

describe.each(databases)('reports on %s', (dialect) => {
  test.override('dialect', dialect);

  // `video` is the `user`'s (its owner); another user reports it.
  test('files one report per user per video and tells the caller whether they reported it', async ({ server, user: owner, video }) => {
    const reporter = await registerUser(server);
    const id = video.id;
    expect((await call(server, 'GET', `/reports/video/${id}/mine`, { token: reporter.token })).body.data).toEqual({ reported: false });
    const filed = await call(server, 'POST', `/reports/video/${id}`, { token: reporter.token, json: { reason: 'spam', details: '  Same link in every video ' } });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ statusCode: 201, success: true, data: { _id: expect.any(String), videoId: id, reason: 'spam', createdAt: expect.any(String) } });
    const stored = await server.app.repos.moderation.findReport(filed.body.data._id);
    expect(stored).toMatchObject({ reporter_id: reporter.id, details: 'Same link in every video' });

    const again = await call(server, 'POST', `/reports/video/${id}`, { token: reporter.token, json: { reason: 'other' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, message: 'You have already reported this video' });
    expect((await call(server, 'GET', `/reports/video/${id}/mine`, { token: reporter.token })).body.data).toEqual({ reported: true });
    expect((await call(server, 'GET', `/reports/video/${id}/mine`, { token: owner.token })).body.data).toEqual({ reported: false });
  });

  test('stays at one report when the same user reports twice at once', async ({ server, video }) => {
    const reporter = await registerUser(server);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(server, 'POST', `/reports/video/${video.id}`, { token: reporter.token, json: { reason: 'hate' } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  test('validates the reason and details, needs a token and a real video', async ({ server, video }) => {
    const reporter = await registerUser(server);
    const id = video.id;
    const badReason = await call(server, 'POST', `/reports/video/${id}`, { token: reporter.token, json: { reason: 'boring' } });
    expect(badReason.status).toBe(400);
    expect(badReason.body.success).toBe(false);
    expect((await call(server, 'POST', `/reports/video/${id}`, { token: reporter.token, json: {} })).status).toBe(400);
    const long = await call(server, 'POST', `/reports/video/${id}`, { token: reporter.token, json: { reason: 'other', details: 'x'.repeat(1001) } });
    expect(long.status).toBe(400);
    expect((await call(server, 'POST', `/reports/video/${id}`, { json: { reason: 'spam' } })).status).toBe(401);
    expect((await call(server, 'GET', `/reports/video/${id}/mine`)).status).toBe(401);
    const missing = await call(server, 'POST', `/reports/video/${newId()}`, { token: reporter.token, json: { reason: 'spam' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Video not found');
  });
});
