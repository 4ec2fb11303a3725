// The admin's accounts: a paged search by username, email or full name with role, suspension and
// counts; deleting an account takes every row it owns in one go, recounts what it moved on other
// people's videos, comments, channels and playlists, removes its files, closes its open sockets
// and logs who did it and why. Only admins, never on themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSocketsAfterEach, connectLive } from './liveFixtures.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser, setRole } from '../support/server.js';
import { eventually } from '../support/eventually.js';

interface Account {
  _id: string;
  username: string;
  fullName: string;
  email: string;
  role: string;
  suspension: { reason: string; until: string | null } | null;
  videosCount: number;
  commentsCount: number;
  subscribersCount: number;
}

closeSocketsAfterEach();

describe.each(databases)('admin accounts on %s', (dialect) => {
  let server: TestServer;
  let admin: TestUser;
  let moderator: TestUser;

  const search = async (query: string, token = admin.token) => call(server, 'GET', `/admin/users${query}`, { token });
  const remove = (userId: string, json: object, token = admin.token) => call(server, 'DELETE', `/admin/users/${userId}`, { token, json });
  const accounts = async (query: string) => {
    const answer = await search(query);
    expect(answer.status).toBe(200);
    return answer.body.data as { users: Account[]; hasMore: boolean };
  };

  beforeAll(async () => {
    server = await startServer({ dialect });
    [admin, moderator] = await Promise.all([registerUser(server, { fullName: 'Ada Admin' }), registerUser(server, { fullName: 'Mona Moderator' })]);
    await setRole(server, admin, 'admin');
    await setRole(server, moderator, 'moderator');
  });
  afterAll(() => server?.close());

  it('lists accounts newest first, searches username, email and full name, pages, and shows role, suspension and counts', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const grace = await registerUser(server, { fullName: `Grace ${tag} Hopper` });
    const linus = await registerUser(server, { username: `${tag}linus`, fullName: 'Linus' });
    const ken = await registerUser(server, { email: `ken.${tag}@example.com`, fullName: 'Ken' });
    const videoId = await insertVideo(server, grace.id);
    expect((await call(server, 'POST', `/comments/add/${videoId}`, { token: ken.token, json: { content: 'Nice one' } })).status).toBe(201);
    expect((await call(server, 'POST', `/subscription/toggle/sub/${grace.id}`, { token: ken.token })).status).toBe(200);
    expect((await call(server, 'POST', `/moderation/users/${linus.id}/suspend`, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(200);

    const found = await accounts(`?q=${tag.toUpperCase()}`);
    expect(found.users.map((user) => user._id)).toEqual([ken.id, linus.id, grace.id]);
    expect(found.users[2]).toMatchObject({ username: grace.username, email: grace.email, role: 'user', suspension: null, videosCount: 1, commentsCount: 0, subscribersCount: 1 });
    expect(found.users[1]).toMatchObject({ suspension: { reason: 'Spam', until: null } });
    expect(found.users[0]).toMatchObject({ commentsCount: 1, videosCount: 0 });
    expect((await accounts(`?q=${tag}&limit=2`)).hasMore).toBe(true);
    expect((await accounts(`?q=${tag}&limit=2&page=2`)).users.map((user) => user._id)).toEqual([grace.id]);
    // LIKE's wildcards are taken literally.
    expect((await accounts('?q=%25')).users).toEqual([]);
    expect((await accounts(`?q=${admin.username}`)).users[0]).toMatchObject({ _id: admin.id, role: 'admin' });

    expect((await search('', moderator.token)).status).toBe(403);
    expect((await call(server, 'GET', '/admin/users')).status).toBe(401);
    expect((await search(`?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('refuses a deletion without a reason, of oneself, by a moderator, or of nobody', async () => {
    const victim = await registerUser(server);
    expect(await remove(victim.id, { reason: '  ' })).toMatchObject({ status: 400, body: { success: false, message: 'A reason is required to delete an account' } });
    expect((await remove(victim.id, {})).status).toBe(400);
    expect(await remove(admin.id, { reason: 'Tidy up' })).toMatchObject({ status: 403, body: { message: 'You cannot delete your own account here' } });
    expect((await remove(victim.id, { reason: 'Spam' }, moderator.token)).status).toBe(403);
    expect((await remove('0190d7a4-0000-7000-8000-000000000000', { reason: 'Spam' })).status).toBe(404);
    expect((await accounts(`?q=${victim.username}`)).users).toHaveLength(1);
  });

  it('deletes an account with everything it owns, recounts what it touched, removes its files and closes its sockets', async () => {
    const storage = server.app.storage;
    const doomed = await registerUser(server, { fullName: 'Doomed Account' });
    const other = await registerUser(server);
    const replier = await registerUser(server);

    // Its own video, with stored files, in someone else's playlist and commented on by others.
    const sourceKey = `sources/of-${doomed.id}.mp4`;
    const ownVideo = await insertVideo(server, doomed.id, { title: 'Doomed video', sourceKey });
    await storage.putBuffer(sourceKey, Buffer.from('source'), 'video/mp4');
    await storage.putBuffer(`videos/${ownVideo}/720.mp4`, Buffer.from('rendition'), 'video/mp4');
    await storage.putBuffer(`captions/${ownVideo}/en.vtt`, Buffer.from('WEBVTT'), 'text/vtt');
    const playlist = await call(server, 'POST', '/playlist/create', { token: other.token, json: { name: 'Mixed', description: 'Both' } });
    expect(playlist.status).toBe(201);
    const playlistId = playlist.body.data._id as string;
    const otherVideo = await insertVideo(server, other.id, { title: 'Survivor' });
    for (const videoId of [ownVideo, otherVideo]) expect((await call(server, 'PATCH', `/playlist/add/${videoId}/${playlistId}`, { token: other.token })).status).toBe(200);
    expect((await call(server, 'POST', `/comments/add/${ownVideo}`, { token: other.token, json: { content: 'On the doomed video' } })).status).toBe(201);

    // What it did on someone else's video, comment and channel.
    expect((await call(server, 'POST', `/likes/toggle/v/${otherVideo}?reactionType=like`, { token: doomed.token })).status).toBe(200);
    expect((await call(server, 'POST', `/likes/toggle/v/${otherVideo}?reactionType=disLike`, { token: replier.token })).status).toBe(200);
    const otherComment = await call(server, 'POST', `/comments/add/${otherVideo}`, { token: other.token, json: { content: 'Mine' } });
    const otherCommentId = otherComment.body.data._id as string;
    const doomedComment = await call(server, 'POST', `/comments/add/${otherVideo}`, { token: doomed.token, json: { content: 'Doomed words' } });
    expect((await call(server, 'POST', `/comments/add/${otherVideo}`, { token: replier.token, json: { content: 'A reply', parentId: doomedComment.body.data._id } })).status).toBe(201);
    expect((await call(server, 'POST', `/likes/toggle/c/${otherCommentId}?reactionType=like`, { token: doomed.token, json: { videoId: otherVideo } })).status).toBe(200);
    expect((await call(server, 'POST', `/subscription/toggle/sub/${other.id}`, { token: doomed.token })).status).toBe(200);
    expect((await call(server, 'POST', `/subscription/toggle/sub/${other.id}`, { token: replier.token })).status).toBe(200);

    const before = await storage.list('');
    const avatar = (await server.app.repos.users.findById(doomed.id))!.avatar.replace(/\.webp$/, '');
    expect(before.filter((key) => key.includes(avatar)).length).toBeGreaterThan(0);
    const socket = await connectLive(server, { token: doomed.token });
    let disconnected = false;
    socket.on('disconnect', () => {
      disconnected = true;
    });

    const answer = await remove(doomed.id, { reason: 'Spam account' });
    expect(answer).toMatchObject({ status: 200, body: { success: true, data: { userId: doomed.id, username: doomed.username, videosDeleted: 1 } } });
    await eventually(() => disconnected, { what: 'the deleted account socket to close' });

    // Rows: the account, its video and comments are gone; its token no longer works.
    expect(await server.app.repos.users.findById(doomed.id)).toBeUndefined();
    expect((await call(server, 'GET', `/videos/${ownVideo}`)).status).toBe(404);
    expect((await call(server, 'GET', '/users/me', { token: doomed.token })).status).toBe(401);
    expect((await accounts(`?q=${doomed.username}`)).users).toEqual([]);

    // Counters on other people's rows are exact again.
    const survivor = await call(server, 'GET', `/videos/${otherVideo}`, { token: other.token });
    expect(survivor.body.data).toMatchObject({ likes: 0, disLikes: 1, commentsCount: 1 });
    const comments = await call(server, 'GET', `/comments/all/${otherVideo}`, { token: other.token });
    expect(JSON.stringify(comments.body.data)).not.toContain('Doomed words');
    expect(JSON.stringify(comments.body.data)).toContain(otherCommentId);
    expect(await server.app.repos.comments.findById(otherCommentId)).toMatchObject({ likes_count: 0 });
    expect((await accounts(`?q=${other.username}`)).users[0]).toMatchObject({ subscribersCount: 1 });
    const list = await call(server, 'GET', `/playlist/${playlistId}`, { token: other.token });
    expect(list.body.data.playlist.videos.map((video: { _id: string }) => video._id)).toEqual([otherVideo]);
    expect(list.body.data.playlist).toMatchObject({ videosCount: 1 });

    // Files: the video's source, renditions and captions, the avatar and its variants.
    const after = await storage.list('');
    expect(after.filter((key) => key.includes(ownVideo) || key.includes(avatar) || key === sourceKey)).toEqual([]);

    // The log keeps who did it, why, and whom (the name is in the reason: the account is gone).
    const log = await call(server, 'GET', '/moderation/log?limit=100', { token: admin.token });
    const entry = (log.body.data.entries as { action: string; subjectId: string; reason: string; actor: { _id: string }; undoable: boolean }[]).find(
      (line) => line.action === 'user-deleted' && line.subjectId === doomed.id,
    );
    expect(entry).toMatchObject({ reason: `@${doomed.username}: Spam account`, actor: { _id: admin.id }, undoable: false });

    // Once gone, gone.
    expect((await remove(doomed.id, { reason: 'Again' })).status).toBe(404);
  });
});
