import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IdempotencyKeyRepository, type KeyedRequest } from '../../server/db/repositories/idempotencyKeys.js';
import { ReactionRepository } from '../../server/db/repositories/reactions.js';
import { IDEMPOTENCY_MESSAGES } from '../../contract/offline.js';
import { call, databases, insertVideo, registerUser, startServer, type RequestOptions, type TestServer, type TestUser } from '../support/server.js';

let keyCounter = 0;
const freshKey = () => `queue-${Date.now()}-${(keyCounter += 1)}`;

describe.each(databases)('Idempotency-Key on %s', (dialect) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  /** A signed-in write carrying an Idempotency-Key, as the client's offline queue sends it. */
  const keyed = (user: TestUser | null, key: string, method: string, path: string, options: RequestOptions = {}) =>
    call(server, method, path, { ...options, token: user?.token, headers: { ...options.headers, 'Idempotency-Key': key } });
  const videoCounters = (id: string) =>
    server.app.db.db.selectFrom('videos').select(['likes_count', 'comments_count']).where('id', '=', id).executeTakeFirstOrThrow();
  const storedKey = (userId: string, key: string) =>
    server.app.db.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();

  beforeAll(async () => {
    server = await startServer({ dialect });
    alice = await registerUser(server, { fullName: 'Alice Queue' });
    bob = await registerUser(server, { fullName: 'Bob Queue' });
  });
  afterAll(() => server?.close());

  it('replays a like toggle with the first answer instead of toggling it back', async () => {
    const videoId = await insertVideo(server, bob.id);
    const key = freshKey();
    const path = `/likes/toggle/v/${videoId}?reactionType=like`;
    const first = await keyed(alice, key, 'POST', path);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(first.body.data).toEqual({ reactionType: 'like', likes: 1, disLikes: 0 });

    const replay = await keyed(alice, key, 'POST', path);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('content-type')).toMatch(/^application\/json/);
    expect(replay.body).toEqual(first.body);
    expect(Number((await videoCounters(videoId)).likes_count)).toBe(1);

    // A new key is a new action: this one toggles the like off.
    const unlike = await keyed(alice, freshKey(), 'POST', path);
    expect(unlike.body.data).toEqual({ reactionType: null, likes: 0, disLikes: 0 });
    expect(Number((await videoCounters(videoId)).likes_count)).toBe(0);
  });

  it('10 parallel identical comment posts with one key make exactly one comment; a later replay answers it', async () => {
    const videoId = await insertVideo(server, bob.id);
    const key = freshKey();
    const post = () => keyed(alice, key, 'POST', `/comments/add/${videoId}`, { json: { content: 'Posted from the metro' } });
    const results = await Promise.all(Array.from({ length: 10 }, post));

    const created = results.filter((result) => result.status === 201);
    const busy = results.filter((result) => result.status === 409);
    expect(created.length + busy.length).toBe(10);
    expect(created.filter((result) => result.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    const commentId = created[0]!.body.data._id;
    for (const result of created) expect(result.body.data._id).toBe(commentId);
    for (const result of busy) expect(result.body).toMatchObject({ statusCode: 409, success: false, message: IDEMPOTENCY_MESSAGES.inProgress });

    const comments = await server.app.db.db.selectFrom('comments').select('id').where('video_id', '=', videoId).execute();
    expect(comments.map((row) => row.id)).toEqual([commentId]);
    expect(Number((await videoCounters(videoId)).comments_count)).toBe(1);

    const later = await post();
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(later.body.data._id).toBe(commentId);
  });

  it('replays a subscription toggle and a playlist add without doing them twice', async () => {
    const subscribe = freshKey();
    const first = await keyed(alice, subscribe, 'POST', `/subscription/toggle/sub/${bob.id}`);
    expect(first.body.data).toEqual({ isSubscribed: true, totalSubscribers: 1 });
    const again = await keyed(alice, subscribe, 'POST', `/subscription/toggle/sub/${bob.id}`);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data).toEqual({ isSubscribed: true, totalSubscribers: 1 });
    const status = await call(server, 'GET', `/subscription/get/user/subscribers/${bob.id}`, { token: alice.token });
    expect(status.body.data).toEqual({ isSubscribed: true, totalSubscribers: 1 });

    const playlist = await call(server, 'POST', '/playlist/create', { token: alice.token, json: { name: 'Offline picks', description: 'Saved on the train' } });
    const videoId = await insertVideo(server, bob.id);
    const add = freshKey();
    const added = await keyed(alice, add, 'PATCH', `/playlist/add/${videoId}/${playlist.body.data._id}`);
    expect(added.status).toBe(200);
    const replayed = await keyed(alice, add, 'PATCH', `/playlist/add/${videoId}/${playlist.body.data._id}`);
    expect(replayed.status).toBe(200); // without the key the second add is 409 'already in this playlist'
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(added.body);
    const stored = await server.app.db.db.selectFrom('playlist_videos').select('video_id').where('playlist_id', '=', playlist.body.data._id).execute();
    expect(stored).toHaveLength(1);
  });

  it('answers 422 when a key comes back with another method, path or body', async () => {
    const videoId = await insertVideo(server, bob.id);
    const key = freshKey();
    const first = await keyed(alice, key, 'POST', `/comments/add/${videoId}`, { json: { content: 'One' } });
    expect(first.status).toBe(201);
    const otherBody = await keyed(alice, key, 'POST', `/comments/add/${videoId}`, { json: { content: 'Two' } });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toEqual({ statusCode: 422, success: false, message: IDEMPOTENCY_MESSAGES.reused, errors: [] });
    const otherPath = await keyed(alice, key, 'POST', `/likes/toggle/v/${videoId}?reactionType=like`);
    expect(otherPath.status).toBe(422);
    const otherQuery = await keyed(alice, key, 'POST', `/comments/add/${videoId}?x=1`, { json: { content: 'One' } });
    expect(otherQuery.status).toBe(422);
    const otherMethod = await keyed(alice, key, 'PATCH', `/comments/update/${first.body.data._id}`, { json: { content: 'One' } });
    expect(otherMethod.status).toBe(422);
    expect(Number((await videoCounters(videoId)).comments_count)).toBe(1);
    expect(Number((await videoCounters(videoId)).likes_count)).toBe(0);
  });

  it('keeps 4xx answers as final results and replays a delete as it first answered', async () => {
    const videoId = await insertVideo(server, bob.id);
    const refusedKey = freshKey();
    const refused = await keyed(alice, refusedKey, 'POST', `/comments/add/${videoId}`, { json: { content: '   ' } });
    expect(refused.status).toBe(400);
    const refusedAgain = await keyed(alice, refusedKey, 'POST', `/comments/add/${videoId}`, { json: { content: '   ' } });
    expect(refusedAgain.status).toBe(400);
    expect(refusedAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(refusedAgain.body).toEqual(refused.body);

    const comment = await call(server, 'POST', `/comments/add/${videoId}`, { token: alice.token, json: { content: 'To be removed' } });
    const deleteKey = freshKey();
    const deleted = await keyed(alice, deleteKey, 'DELETE', `/comments/delete/${comment.body.data._id}`);
    expect(deleted.status).toBe(200);
    const deletedAgain = await keyed(alice, deleteKey, 'DELETE', `/comments/delete/${comment.body.data._id}`);
    expect(deletedAgain.status).toBe(200); // not 404: the queue sees the answer of its one delete
    expect(deletedAgain.body).toEqual(deleted.body);
    // Without the key the same delete is a new request and the comment is gone.
    expect((await call(server, 'DELETE', `/comments/delete/${comment.body.data._id}`, { token: alice.token })).status).toBe(404);
  });

  it('drops the reservation after a 5xx so that the same key can be retried', async () => {
    const videoId = await insertVideo(server, bob.id);
    const key = freshKey();
    const failing = vi.spyOn(ReactionRepository.prototype, 'toggleVideo').mockRejectedValueOnce(new Error('database went away'));
    try {
      const broken = await keyed(alice, key, 'POST', `/likes/toggle/v/${videoId}?reactionType=like`);
      expect(broken.status).toBe(500);
      expect(await storedKey(alice.id, key)).toBeUndefined();
    } finally {
      failing.mockRestore();
    }
    const retried = await keyed(alice, key, 'POST', `/likes/toggle/v/${videoId}?reactionType=like`);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(retried.body.data).toMatchObject({ reactionType: 'like', likes: 1 });
    expect(await storedKey(alice.id, key)).toMatchObject({ status_code: 200, method: 'POST' });
  });

  it('only applies to signed-in writes, scoped to the user; anonymous requests ignore the header', async () => {
    const videoId = await insertVideo(server, bob.id);
    const key = freshKey();
    const anonymous = await keyed(null, key, 'POST', `/likes/toggle/v/${videoId}?reactionType=like`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ statusCode: 401, success: false });
    expect(await keyed(null, 'x'.repeat(300), 'POST', `/comments/add/${videoId}`, { json: { content: 'hi' } })).toMatchObject({ status: 401 });

    // The same key for two users is two actions.
    const path = `/likes/toggle/v/${videoId}?reactionType=like`;
    expect((await keyed(alice, key, 'POST', path)).body.data.likes).toBe(1);
    const bobs = await keyed(bob, key, 'POST', path);
    expect(bobs.headers.get('idempotent-replayed')).toBeNull();
    expect(bobs.body.data.likes).toBe(2);

    // Reads ignore it.
    const read = await keyed(alice, key, 'GET', `/videos/${videoId}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a malformed key from a signed-in user with 400', async () => {
    const videoId = await insertVideo(server, bob.id);
    for (const key of ['x'.repeat(201), 'tab\there', 'ünïcode']) {
      const result = await keyed(alice, key, 'POST', `/likes/toggle/v/${videoId}?reactionType=like`);
      expect(result.status, key).toBe(400);
      expect(result.body.message).toBe('Idempotency-Key must be 1 to 200 printable ASCII characters');
    }
    expect((await keyed(alice, 'x'.repeat(200), 'POST', `/likes/toggle/v/${videoId}?reactionType=like`)).status).toBe(200);
    expect(Number((await videoCounters(videoId)).likes_count)).toBe(1);
  });

  it('forgets keys after their lifetime: purge removes them and an expired key runs again', async () => {
    const videoId = await insertVideo(server, bob.id);
    const key = freshKey();
    const path = `/likes/toggle/v/${videoId}?reactionType=like`;
    expect((await keyed(alice, key, 'POST', path)).body.data.likes).toBe(1);
    const dayAgo = new Date(Date.now() - 24 * 3600 * 1000 - 1000).toISOString();
    await server.app.db.db.updateTable('idempotency_keys').set({ created_at: dayAgo }).where('key', '=', key).execute();
    // Expired but not yet purged: the key is free again (this toggles the like off).
    const again = await keyed(alice, key, 'POST', path);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body.data.likes).toBe(0);

    await server.app.db.db.updateTable('idempotency_keys').set({ created_at: dayAgo }).where('key', '=', key).execute();
    const keys = server.app.repos.idempotencyKeys;
    expect(await keys.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await storedKey(alice.id, key)).toBeUndefined();
  });

  it('store: a reservation is in progress until answered; one left by a crashed process can be taken over', async () => {
    const keys = new IdempotencyKeyRepository(server.app.db.db, 24 * 3600 * 1000, 60_000);
    const request: KeyedRequest = { userId: alice.id, key: freshKey(), method: 'POST', path: '/api/v1/x', requestHash: 'h' };
    expect(await keys.reserve(request)).toEqual({ outcome: 'reserved' });
    expect(await keys.reserve(request)).toEqual({ outcome: 'in-progress' });
    expect(await keys.reserve({ ...request, requestHash: 'other' })).toEqual({ outcome: 'mismatch' });
    await server.app.db.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('key', '=', request.key)
      .execute();
    expect(await keys.reserve(request)).toEqual({ outcome: 'reserved' });
    await keys.complete(request, 201, '{"ok":true}');
    expect(await keys.reserve(request)).toEqual({ outcome: 'replay', statusCode: 201, body: '{"ok":true}' });
    await keys.release(request); // only reservations are released, never answers
    expect(await keys.reserve(request)).toEqual({ outcome: 'replay', statusCode: 201, body: '{"ok":true}' });
  });
});
