import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobOf, call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';

async function setRole(server: TestServer, user: TestUser, role: 'user' | 'moderator' | 'admin') {
  await server.app.db.db.updateTable('users').set({ role }).where('id', '=', user.id).execute();
}

async function login(server: TestServer, user: TestUser) {
  return call(server, 'POST', '/users/login', { json: { email: user.email, password: user.password } });
}

const ids = (result: { body: { data: { videos: Array<{ _id: string }> } } }) => result.body.data.videos.map((video) => video._id);

describe.each(databases)('moderation on %s', (dialect) => {
  let server: TestServer;
  let admin: TestUser;
  let moderator: TestUser;
  let owner: TestUser;
  let viewer: TestUser;

  beforeAll(async () => {
    server = await startServer({ dialect });
    [admin, moderator, owner, viewer] = await Promise.all([registerUser(server), registerUser(server), registerUser(server), registerUser(server)]);
    await setRole(server, admin, 'admin');
    await setRole(server, moderator, 'moderator');
  });
  afterAll(() => server?.close());

  it('shows the role on the caller\'s own account only, and lets only admins change roles', async () => {
    expect((await call(server, 'GET', '/users/me', { token: viewer.token })).body.data.role).toBe('user');
    expect((await login(server, admin)).body.data.loggedInUser.role).toBe('admin');
    expect((await call(server, 'GET', `/users/c/${viewer.username}`)).body.data.role).toBeUndefined();

    const path = `/moderation/users/${viewer.id}/role`;
    expect((await call(server, 'PATCH', path, { json: { role: 'moderator' } })).status).toBe(401);
    expect((await call(server, 'PATCH', path, { token: owner.token, json: { role: 'moderator' } })).status).toBe(403);
    expect((await call(server, 'PATCH', path, { token: moderator.token, json: { role: 'moderator' } })).status).toBe(403);
    expect((await call(server, 'PATCH', path, { token: admin.token, json: { role: 'boss' } })).status).toBe(400);
    const own = await call(server, 'PATCH', `/moderation/users/${admin.id}/role`, { token: admin.token, json: { role: 'user' } });
    expect(own.status).toBe(403);

    const promoted = await call(server, 'PATCH', path, { token: admin.token, json: { role: 'admin' } });
    expect(promoted.body.data).toEqual({ _id: viewer.id, username: viewer.username, role: 'admin' });
    // Two admins: one may demote the other.
    expect((await call(server, 'PATCH', `/moderation/users/${admin.id}/role`, { token: viewer.token, json: { role: 'user' } })).status).toBe(200);
    expect((await call(server, 'PATCH', path, { token: admin.token, json: { role: 'user' } })).status).toBe(403);
    await setRole(server, admin, 'admin');
    expect((await call(server, 'PATCH', path, { token: admin.token, json: { role: 'user' } })).status).toBe(200);
    // With one admin left, only that admin could act, and never on themselves: the rule holds below the route too.
    expect(await server.app.repos.moderation.setRole(moderator.id, admin.id, 'user')).toBe('last-admin');
    expect((await call(server, 'GET', '/users/me', { token: admin.token })).body.data.role).toBe('admin');
  });

  it('keeps a reports queue for moderators: open, resolved with a note (the reporter is told), dismissed', async () => {
    const videoId = await insertVideo(server, owner.id, { title: 'Reported clip' });
    const filed = await call(server, 'POST', `/reports/video/${videoId}`, { token: viewer.token, json: { reason: 'spam', details: 'Links' } });
    expect(filed.status).toBe(201);
    const reportId = filed.body.data._id;

    expect((await call(server, 'GET', '/moderation/reports')).status).toBe(401);
    expect((await call(server, 'GET', '/moderation/reports', { token: viewer.token })).status).toBe(403);
    const open = await call(server, 'GET', '/moderation/reports?state=open&limit=100', { token: moderator.token });
    expect(open.status).toBe(200);
    const queued = open.body.data.reports.find((report: { _id: string }) => report._id === reportId);
    expect(queued).toMatchObject({
      video: { _id: videoId, title: 'Reported clip', owner: { _id: owner.id, username: owner.username }, takenDown: null },
      reporter: { _id: viewer.id, username: viewer.username },
      reason: 'spam',
      details: 'Links',
      state: 'open',
      note: '',
      resolvedAt: null,
      reportsOnVideo: 1,
    });

    expect((await call(server, 'PATCH', `/moderation/reports/${reportId}`, { token: owner.token, json: { state: 'resolved' } })).status).toBe(403);
    const resolved = await call(server, 'PATCH', `/moderation/reports/${reportId}`, { token: admin.token, json: { state: 'resolved', note: ' Removed the links ' } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ _id: reportId, state: 'resolved', note: 'Removed the links', resolvedAt: expect.any(String) });
    const notifications = await call(server, 'GET', '/notifications', { token: viewer.token });
    // Moderators stay unnamed to the people they act on.
    expect(notifications.body.data.notifications[0]).toMatchObject({
      type: 'report-resolved',
      reason: 'Removed the links',
      video: { _id: videoId, title: 'Reported clip' },
      actor: { _id: '', username: '', fullName: 'A moderator', avatar: expect.stringMatching(/\/icons\/icon-192\.png$/) },
    });
    expect(JSON.stringify(notifications.body.data.notifications[0])).not.toMatch(new RegExp(`${admin.id}|${admin.username}`));
    const resolvedList = await call(server, 'GET', '/moderation/reports?state=resolved', { token: moderator.token });
    expect(resolvedList.body.data.reports.map((report: { _id: string }) => report._id)).toContain(reportId);

    const dismissed = await call(server, 'PATCH', `/moderation/reports/${reportId}`, { token: moderator.token, json: { state: 'dismissed' } });
    expect(dismissed.body.data.state).toBe('dismissed');
    expect((await call(server, 'PATCH', `/moderation/reports/${reportId}`, { token: moderator.token, json: { state: 'open' } })).status).toBe(400);
  });

  it('takes a video down: 410 and out of every list for others, visible to its owner and moderators, back after restore', async () => {
    const videoId = await insertVideo(server, owner.id, { title: 'Takedown target zebra' });
    const playlist = await call(server, 'POST', '/playlist/create', { token: viewer.token, json: { name: 'Mine', description: 'Saved' } });
    const playlistId = playlist.body.data._id;
    await call(server, 'PATCH', `/playlist/add/${videoId}/${playlistId}`, { token: viewer.token });
    await call(server, 'POST', `/watch-history/add/${videoId}`, { token: viewer.token });
    // A real caption file: the one media path of this row with bytes behind it.
    const captionUpload = new FormData();
    captionUpload.set('file', blobOf(Buffer.from('WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello\n'), 'text/vtt'), 'captions.vtt');
    captionUpload.set('language', 'en');
    captionUpload.set('label', 'English');
    const caption = await call(server, 'POST', `/videos/${videoId}/captions`, { token: owner.token, form: captionUpload });
    expect(caption.status).toBe(201);
    const captionUrl = new URL(caption.body.data.url, server.url).href;
    expect((await fetch(captionUrl)).status).toBe(200);
    // Warm the read cache: the takedown must clear it.
    expect((await call(server, 'GET', `/videos/${videoId}`)).status).toBe(200);
    expect(ids(await call(server, 'GET', '/videos/all-videos?limit=50'))).toContain(videoId);

    const path = `/moderation/videos/${videoId}/takedown`;
    expect((await call(server, 'POST', path, { json: { reason: 'x' } })).status).toBe(401);
    expect((await call(server, 'POST', path, { token: owner.token, json: { reason: 'x' } })).status).toBe(403);
    expect((await call(server, 'POST', path, { token: moderator.token, json: { reason: '   ' } })).status).toBe(400);
    expect((await call(server, 'POST', path, { token: moderator.token, json: { reason: 'y'.repeat(501) } })).status).toBe(400);
    const down = await call(server, 'POST', path, { token: moderator.token, json: { reason: ' Copyright claim ' } });
    expect(down.status).toBe(200);
    expect((await call(server, 'POST', path, { token: moderator.token, json: { reason: 'again' } })).status).toBe(409);

    for (const token of [undefined, viewer.token]) {
      const gone = await call(server, 'GET', `/videos/${videoId}`, { token });
      expect(gone.status).toBe(410);
      expect(gone.body).toMatchObject({ success: false, statusCode: 410, message: 'This video was removed by a moderator' });
      for (const media of [`/video/upload/${videoId}.mp4`, `/video/hls/${videoId}/master.m3u8`, `/video/hls/${videoId}/360.m3u8`, `/video/hls/${videoId}/360.mp4`]) {
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        expect((await fetch(`${server.url}/media${media}`, { headers })).status).toBe(410);
      }
      expect((await fetch(captionUrl, { headers: token ? { authorization: `Bearer ${token}` } : {} })).status).toBe(410);
    }
    for (const token of [owner.token, moderator.token]) {
      const seen = await call(server, 'GET', `/videos/${videoId}`, { token });
      expect(seen.status).toBe(200);
      expect(seen.body.data.takenDown).toEqual({ reason: 'Copyright claim', at: expect.any(String) });
      // No file behind this row: past the 410, the ordinary answer for a video without media.
      expect((await fetch(`${server.url}/media/video/hls/${videoId}/master.m3u8`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
      // The caption's bytes, kept out of shared caches.
      const own = await fetch(captionUrl, { headers: { authorization: `Bearer ${token}` } });
      expect(own.status).toBe(200);
      expect(await own.text()).toContain('Hello');
      expect(own.headers.get('cache-control')).toMatch(/private/);
    }
    expect(ids(await call(server, 'GET', '/videos/all-videos?limit=50'))).not.toContain(videoId);
    expect(ids(await call(server, 'GET', `/videos/all-uploaded-videos/${owner.username}`, { token: viewer.token }))).not.toContain(videoId);
    expect((await call(server, 'GET', '/videos/search?q=zebra')).body.data.map((video: { _id: string }) => video._id)).not.toContain(videoId);
    expect(ids(await call(server, 'GET', '/watch-history/get/', { token: viewer.token }))).not.toContain(videoId);
    const inPlaylist = await call(server, 'GET', `/playlist/${playlistId}`, { token: viewer.token });
    expect(inPlaylist.body.data.playlist.videos.map((video: { _id: string }) => video._id)).not.toContain(videoId);
    const ownList = await call(server, 'GET', '/videos/all-uploaded-videos', { token: owner.token });
    expect(ownList.body.data.videos.find((video: { _id: string }) => video._id === videoId)?.takenDown).toEqual({ reason: 'Copyright claim', at: expect.any(String) });
    const told = await call(server, 'GET', '/notifications', { token: owner.token });
    expect(told.body.data.notifications[0]).toMatchObject({ type: 'video-taken-down', reason: 'Copyright claim', video: { _id: videoId }, actor: { _id: '', fullName: 'A moderator' } });
    expect(JSON.stringify(told.body.data.notifications[0])).not.toMatch(new RegExp(`${moderator.id}|${moderator.username}`));

    const listed = await call(server, 'GET', '/moderation/takedowns', { token: moderator.token });
    expect(listed.body.data.takedowns[0]).toMatchObject({ video: { _id: videoId }, reason: 'Copyright claim', actor: { _id: moderator.id, username: moderator.username } });

    expect((await call(server, 'DELETE', path, { token: viewer.token })).status).toBe(403);
    expect((await call(server, 'DELETE', path, { token: admin.token })).status).toBe(200);
    expect((await call(server, 'DELETE', path, { token: admin.token })).status).toBe(409);
    expect((await call(server, 'GET', `/videos/${videoId}`)).status).toBe(200);
    expect((await call(server, 'GET', `/videos/${videoId}`)).body.data.takenDown).toBeUndefined();
    expect((await fetch(captionUrl)).status).toBe(200);
    expect(ids(await call(server, 'GET', '/videos/all-videos?limit=50'))).toContain(videoId);
    expect((await call(server, 'GET', '/videos/search?q=zebra')).body.data.map((video: { _id: string }) => video._id)).toContain(videoId);
    expect(ids(await call(server, 'GET', '/watch-history/get/', { token: viewer.token }))).toContain(videoId);
  });

  it('a taken-down video takes no comment, reply, like, history, position, playlist entry or report, and lists nothing, but from its owner and moderators', async () => {
    const videoId = await insertVideo(server, owner.id, { title: 'Down for interactions' });
    const ownerComment = (await call(server, 'POST', `/comments/add/${videoId}`, { token: owner.token, json: { content: 'Owner says' } })).body.data._id;
    const viewerComment = (await call(server, 'POST', `/comments/add/${videoId}`, { token: viewer.token, json: { content: 'Before' } })).body.data._id;
    const playlistId = (await call(server, 'POST', '/playlist/create', { token: viewer.token, json: { name: 'Later', description: 'Saved' } })).body.data._id;
    expect((await call(server, 'POST', `/moderation/videos/${videoId}/takedown`, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(200);

    const removed = { status: 410, body: { success: false, statusCode: 410, message: 'This video was removed by a moderator' } };
    const attempts: Array<[string, string, { json?: unknown; token?: string }]> = [
      ['GET', `/comments/all/${videoId}`, {}],
      ['GET', `/comments/all/${videoId}`, { token: viewer.token }],
      ['GET', `/videos/${videoId}/captions`, {}],
      ['GET', `/likes/get/video/likes/${videoId}`, {}],
      ['GET', `/comments/reactions/${ownerComment}`, {}],
      ['GET', `/comments/reactions/${ownerComment}`, { token: viewer.token }],
      ['POST', `/comments/add/${videoId}`, { token: viewer.token, json: { content: 'After' } }],
      ['POST', `/comments/add/${videoId}`, { token: viewer.token, json: { content: 'A reply', parentId: ownerComment } }],
      ['PATCH', `/comments/update/${viewerComment}`, { token: viewer.token, json: { content: 'Edited' } }],
      ['POST', `/likes/toggle/v/${videoId}?reactionType=like`, { token: viewer.token }],
      ['POST', `/likes/toggle/v/${videoId}?reactionType=disLike`, { token: viewer.token }],
      ['POST', `/likes/toggle/c/${ownerComment}`, { token: viewer.token }],
      ['POST', `/watch-history/add/${videoId}`, { token: viewer.token }],
      ['PATCH', `/watch-history/position/${videoId}`, { token: viewer.token, json: { position: 3 } }],
      ['PATCH', `/playlist/add/${videoId}/${playlistId}`, { token: viewer.token }],
      ['POST', `/reports/video/${videoId}`, { token: viewer.token, json: { reason: 'spam' } }],
    ];
    for (const [method, path, options] of attempts) expect(await call(server, method, path, options), `${method} ${path}`).toMatchObject(removed);
    // Nothing was written and the reply notified nobody (the owner heard only of the comment made before the takedown).
    const counts = await server.app.db.db.selectFrom('videos').select(['comments_count', 'likes_count', 'dislikes_count']).where('id', '=', videoId).executeTakeFirstOrThrow();
    expect(counts).toMatchObject({ comments_count: 2, likes_count: 0, dislikes_count: 0 });
    const ownerHeard = (await call(server, 'GET', '/notifications?limit=50', { token: owner.token })).body.data.notifications;
    expect(ownerHeard.filter((n: { type: string; video?: { _id: string } }) => n.video?._id === videoId).map((n: { type: string }) => n.type)).toEqual(['video-taken-down', 'video-comment']);

    // Its owner and moderators still read and use it.
    expect((await call(server, 'GET', `/comments/all/${videoId}`, { token: owner.token })).status).toBe(200);
    expect((await call(server, 'GET', `/comments/all/${videoId}`, { token: moderator.token })).status).toBe(200);
    expect((await call(server, 'GET', `/comments/reactions/${ownerComment}`, { token: owner.token })).status).toBe(200);
    expect((await call(server, 'POST', `/comments/add/${videoId}`, { token: owner.token, json: { content: 'Appealing' } })).status).toBe(201);
    expect((await call(server, 'POST', `/likes/toggle/v/${videoId}?reactionType=like`, { token: owner.token })).status).toBe(200);

    // Restored: open to everyone again.
    expect((await call(server, 'DELETE', `/moderation/videos/${videoId}/takedown`, { token: moderator.token })).status).toBe(200);
    expect((await call(server, 'GET', `/comments/all/${videoId}`)).status).toBe(200);
    expect((await call(server, 'POST', `/likes/toggle/v/${videoId}?reactionType=like`, { token: viewer.token })).status).toBe(200);
  });

  it('suspends a user: sessions end, login refused with the reason, videos and comments hidden; lifted, all is back', async () => {
    const target = await registerUser(server);
    const videoId = await insertVideo(server, target.id, { title: 'Suspended owner clip' });
    const otherVideo = await insertVideo(server, owner.id);
    await call(server, 'POST', `/comments/add/${otherVideo}`, { token: target.token, json: { content: 'Hello from the target' } });
    const comments = async () => (await call(server, 'GET', `/comments/all/${otherVideo}`)).body.data.map((comment: { owner: { _id: string } }) => comment.owner._id);
    expect(await comments()).toContain(target.id);

    const path = `/moderation/users/${target.id}/suspend`;
    expect((await call(server, 'POST', path, { json: { reason: 'Spam' } })).status).toBe(401);
    expect((await call(server, 'POST', path, { token: viewer.token, json: { reason: 'Spam' } })).status).toBe(403);
    expect((await call(server, 'POST', `/moderation/users/${moderator.id}/suspend`, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(403);
    expect((await call(server, 'POST', `/moderation/users/${admin.id}/suspend`, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(403);
    expect((await call(server, 'POST', path, { token: moderator.token, json: { reason: 'Spam', until: '2001-01-01T00:00:00Z' } })).status).toBe(400);
    expect((await call(server, 'POST', path, { token: moderator.token, json: { reason: 'Spam', until: 'soon' } })).status).toBe(400);

    const until = new Date(Date.now() + 24 * 3600_000).toISOString();
    const suspended = await call(server, 'POST', path, { token: moderator.token, json: { reason: 'Spam links', until } });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data).toMatchObject({ user: { _id: target.id }, reason: 'Spam links', until, actor: { _id: moderator.id } });

    expect((await call(server, 'GET', '/users/me', { token: target.token })).status).toBe(401);
    const refused = await login(server, target);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(`This account is suspended: Spam links until ${until}`);
    expect(ids(await call(server, 'GET', '/videos/all-videos?limit=50'))).not.toContain(videoId);
    expect(ids(await call(server, 'GET', `/videos/all-uploaded-videos/${target.username}`))).not.toContain(videoId);
    expect(await comments()).not.toContain(target.id);
    const list = await call(server, 'GET', '/moderation/suspensions', { token: admin.token });
    expect(list.body.data.suspensions.map((row: { user: { _id: string } }) => row.user._id)).toContain(target.id);

    expect((await call(server, 'DELETE', path, { token: viewer.token })).status).toBe(403);
    expect((await call(server, 'DELETE', path, { token: moderator.token })).status).toBe(200);
    expect((await call(server, 'DELETE', path, { token: moderator.token })).status).toBe(409);
    expect((await login(server, target)).status).toBe(200);
    expect(ids(await call(server, 'GET', '/videos/all-videos?limit=50'))).toContain(videoId);
    expect(await comments()).toContain(target.id);

    // A suspension whose end has passed no longer applies.
    await server.app.db.db
      .updateTable('users')
      .set({ suspended_at: new Date(Date.now() - 7200_000).toISOString(), suspended_reason: 'Old', suspended_until: new Date(Date.now() - 3600_000).toISOString() })
      .where('id', '=', target.id)
      .execute();
    expect((await login(server, target)).status).toBe(200);
  });

  it('changes a suspension in force only by an admin: a moderator can neither shorten nor lift an admin\'s', async () => {
    const target = await registerUser(server);
    const path = `/moderation/users/${target.id}/suspend`;
    const current = async () => (await server.app.repos.moderation.suspensionOf(target.id))!;
    const actorOf = async () => (await server.app.db.db.selectFrom('users').select('suspended_by').where('id', '=', target.id).executeTakeFirst())?.suspended_by;

    // An admin's indefinite suspension stays as the admin set it.
    expect((await call(server, 'POST', path, { token: admin.token, json: { reason: 'Fraud' } })).status).toBe(200);
    const shortened = await call(server, 'POST', path, { token: moderator.token, json: { reason: 'Mild', until: new Date(Date.now() + 60_000).toISOString() } });
    expect(shortened.status).toBe(409);
    expect(shortened.body.message).toBe('This user is already suspended: only an admin can change a suspension in force');
    expect(await current()).toMatchObject({ suspended_reason: 'Fraud', suspended_until: null });
    expect(await actorOf()).toBe(admin.id);
    const lifted = await call(server, 'DELETE', path, { token: moderator.token });
    expect(lifted.status).toBe(403);
    expect(lifted.body.message).toBe('Only an admin can lift a suspension an admin set');
    expect((await login(server, target)).status).toBe(403);

    // An admin may change it (reason, end, actor), and lift it.
    const until = new Date(Date.now() + 3600_000).toISOString();
    const changed = await call(server, 'POST', path, { token: admin.token, json: { reason: 'Fraud, reviewed', until } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ reason: 'Fraud, reviewed', until, actor: { _id: admin.id } });
    expect((await call(server, 'DELETE', path, { token: admin.token })).status).toBe(200);

    // A moderator's suspension: another re-suspension by a moderator is a 409 too; a moderator lifts it.
    expect((await call(server, 'POST', path, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(200);
    expect((await call(server, 'POST', path, { token: moderator.token, json: { reason: 'Spam again' } })).status).toBe(409);
    expect((await current()).suspended_reason).toBe('Spam');
    expect((await call(server, 'DELETE', path, { token: moderator.token })).status).toBe(200);

    // Who may is decided in the suspension's own transaction, on the roles as they are there.
    expect(await server.app.repos.moderation.suspend(viewer.id, target.id, 'Spam', null)).toBe('not-moderator');
    expect(await server.app.repos.moderation.suspend(moderator.id, admin.id, 'Spam', null)).toBe('protected-user');
    expect(await server.app.repos.moderation.suspend(target.id, target.id, 'Spam', null)).toBe('self');
    expect((await current()).suspended_at).toBeNull();
  });

  it('lets the video owner delete, pin and heart comments under their video, and moderators delete any', async () => {
    const videoId = await insertVideo(server, owner.id);
    const first = (await call(server, 'POST', `/comments/add/${videoId}`, { token: viewer.token, json: { content: 'First' } })).body.data._id;
    const second = (await call(server, 'POST', `/comments/add/${videoId}`, { token: viewer.token, json: { content: 'Second' } })).body.data._id;
    const third = (await call(server, 'POST', `/comments/add/${videoId}`, { token: viewer.token, json: { content: 'Third' } })).body.data._id;

    expect((await call(server, 'PATCH', `/comments/${first}/pin`, { token: viewer.token })).status).toBe(403);
    expect((await call(server, 'PATCH', `/comments/${first}/pin`)).status).toBe(401);
    const pinned = await call(server, 'PATCH', `/comments/${first}/pin`, { token: owner.token });
    expect(pinned.body.data).toMatchObject({ _id: first, pinned: true, hearted: false });
    let list = (await call(server, 'GET', `/comments/all/${videoId}`)).body.data;
    expect(list.map((comment: { _id: string }) => comment._id)).toEqual([first, third, second]);
    await call(server, 'PATCH', `/comments/${second}/pin`, { token: owner.token });
    list = (await call(server, 'GET', `/comments/all/${videoId}`)).body.data;
    expect(list.map((comment: { _id: string; pinned: boolean }) => [comment._id, comment.pinned])).toEqual([
      [second, true],
      [third, false],
      [first, false],
    ]);
    expect((await call(server, 'PATCH', `/comments/${second}/pin`, { token: owner.token })).body.data.pinned).toBe(false);

    const hearted = await call(server, 'PATCH', `/comments/${third}/heart`, { token: owner.token });
    expect(hearted.body.data).toMatchObject({ hearted: true, heartedBy: { username: owner.username } });
    expect((await call(server, 'PATCH', `/comments/${third}/heart`, { token: moderator.token })).status).toBe(403);
    expect((await call(server, 'PATCH', `/comments/${third}/heart`, { token: owner.token })).body.data).toMatchObject({ hearted: false, heartedBy: null });

    const stranger = await registerUser(server);
    expect((await call(server, 'DELETE', `/comments/delete/${first}`, { token: stranger.token })).status).toBe(403);
    expect((await call(server, 'DELETE', `/comments/delete/${first}`, { token: owner.token })).body.data.deletedCount).toBe(1);
    expect((await call(server, 'DELETE', `/comments/delete/${second}`, { token: moderator.token })).body.data.deletedCount).toBe(1);
    const log = await call(server, 'GET', '/moderation/log?limit=100', { token: moderator.token });
    const removals = log.body.data.entries.filter((entry: { action: string }) => entry.action === 'comment-removed');
    expect(removals.map((entry: { subjectId: string }) => entry.subjectId)).toEqual([second]);
  });

  it('blocks: hidden comments for the blocker, no comments, replies or subscriptions from the blocked', async () => {
    const blocker = await registerUser(server);
    const blocked = await registerUser(server);
    const videoId = await insertVideo(server, blocker.id);
    const otherVideo = await insertVideo(server, owner.id);
    const blockerComment = (await call(server, 'POST', `/comments/add/${otherVideo}`, { token: blocker.token, json: { content: 'Mine' } })).body.data._id;
    await call(server, 'POST', `/comments/add/${otherVideo}`, { token: blocked.token, json: { content: 'Theirs' } });

    expect((await call(server, 'POST', `/users/blocks/${blocker.id}`, { token: blocker.token })).status).toBe(400);
    expect((await call(server, 'POST', `/users/blocks/${blocked.id}`)).status).toBe(401);
    expect((await call(server, 'POST', `/users/blocks/${blocked.id}`, { token: blocker.token })).body.data).toEqual({ userId: blocked.id, blocked: true });
    const blocks = await call(server, 'GET', '/users/blocks', { token: blocker.token });
    expect(blocks.body.data.users).toEqual([expect.objectContaining({ _id: blocked.id, username: blocked.username, blockedAt: expect.any(String) })]);

    const seenBy = async (token?: string) => (await call(server, 'GET', `/comments/all/${otherVideo}`, { token })).body.data.map((comment: { owner: { _id: string } }) => comment.owner._id);
    expect(await seenBy(blocker.token)).not.toContain(blocked.id);
    expect(await seenBy(viewer.token)).toContain(blocked.id);
    expect(await seenBy()).toContain(blocked.id);

    const comment = await call(server, 'POST', `/comments/add/${videoId}`, { token: blocked.token, json: { content: 'Hi' } });
    expect(comment.status).toBe(403);
    expect(comment.body.message).toBe('You cannot comment on this video');
    expect((await call(server, 'POST', `/comments/add/${otherVideo}`, { token: blocked.token, json: { content: 'Reply', parentId: blockerComment } })).status).toBe(403);
    expect((await call(server, 'POST', `/subscription/toggle/sub/${blocker.id}`, { token: blocked.token })).status).toBe(403);

    expect((await call(server, 'DELETE', `/users/blocks/${blocked.id}`, { token: blocker.token })).body.data.blocked).toBe(false);
    expect((await call(server, 'POST', `/comments/add/${videoId}`, { token: blocked.token, json: { content: 'Hi' } })).status).toBe(201);
    expect((await call(server, 'POST', `/subscription/toggle/sub/${blocker.id}`, { token: blocked.token })).status).toBe(200);
  });

  it('blocks: the blocked user\'s subscription ends, and they cannot react to or edit earlier comments on the blocker\'s content; reports still reach moderators', async () => {
    const blocker = await registerUser(server);
    const blocked = await registerUser(server);
    const videoId = await insertVideo(server, blocker.id);
    const otherVideo = await insertVideo(server, owner.id);
    const blockerComment = (await call(server, 'POST', `/comments/add/${otherVideo}`, { token: blocker.token, json: { content: 'Mine' } })).body.data._id;
    const onBlockerVideo = (await call(server, 'POST', `/comments/add/${videoId}`, { token: blocker.token, json: { content: 'Welcome' } })).body.data._id;
    const earlier = (await call(server, 'POST', `/comments/add/${videoId}`, { token: blocked.token, json: { content: 'Written before' } })).body.data._id;
    const earlierReply = (await call(server, 'POST', `/comments/add/${otherVideo}`, { token: blocked.token, json: { content: 'Reply before', parentId: blockerComment } })).body.data._id;
    expect((await call(server, 'POST', `/subscription/toggle/sub/${blocker.id}`, { token: blocked.token })).body.data.isSubscribed).toBe(true);
    const subscribers = async () => (await call(server, 'GET', `/users/c/${blocker.username}`, { token: blocked.token })).body.data;
    expect(await subscribers()).toMatchObject({ subscribersCount: 1, isSubscribed: true });

    expect((await call(server, 'POST', `/users/blocks/${blocked.id}`, { token: blocker.token })).status).toBe(200);
    expect(await subscribers()).toMatchObject({ subscribersCount: 0, isSubscribed: false });

    const refusals: Array<[string, string, unknown, string]> = [
      ['POST', `/likes/toggle/v/${videoId}?reactionType=like`, undefined, 'You cannot react to this video'],
      ['POST', `/likes/toggle/v/${videoId}?reactionType=disLike`, undefined, 'You cannot react to this video'],
      ['POST', `/likes/toggle/c/${blockerComment}`, undefined, 'You cannot like this comment'],
      ['POST', `/likes/toggle/c/${onBlockerVideo}`, undefined, 'You cannot like this comment'],
      ['PATCH', `/comments/update/${earlier}`, { content: 'Edited after' }, 'You cannot comment on this video'],
      ['PATCH', `/comments/update/${earlierReply}`, { content: 'Edited after' }, 'You cannot reply to this comment'],
    ];
    for (const [method, path, json, message] of refusals) {
      expect(await call(server, method, path, { token: blocked.token, json }), `${method} ${path}`).toMatchObject({ status: 403, body: { success: false, statusCode: 403, message } });
    }
    const video = await server.app.db.db.selectFrom('videos').select(['likes_count', 'dislikes_count']).where('id', '=', videoId).executeTakeFirstOrThrow();
    expect(video).toMatchObject({ likes_count: 0, dislikes_count: 0 });
    expect((await call(server, 'POST', `/reports/video/${videoId}`, { token: blocked.token, json: { reason: 'spam' } })).status).toBe(201);

    expect((await call(server, 'DELETE', `/users/blocks/${blocked.id}`, { token: blocker.token })).status).toBe(200);
    expect((await call(server, 'POST', `/likes/toggle/v/${videoId}?reactionType=like`, { token: blocked.token })).status).toBe(200);
    expect((await call(server, 'PATCH', `/comments/update/${earlier}`, { token: blocked.token, json: { content: 'Edited after' } })).status).toBe(200);
  });

  it('keeps an append-only log of every action, for moderators only', async () => {
    expect((await call(server, 'GET', '/moderation/log')).status).toBe(401);
    expect((await call(server, 'GET', '/moderation/log', { token: viewer.token })).status).toBe(403);
    const entries = (await call(server, 'GET', '/moderation/log?limit=100', { token: admin.token })).body.data.entries as Array<{ action: string; actor: { username: string } }>;
    const actions = new Set(entries.map((entry) => entry.action));
    for (const action of ['role-changed', 'report-resolved', 'report-dismissed', 'video-taken-down', 'video-restored', 'user-suspended', 'user-unsuspended', 'comment-removed']) {
      expect(actions).toContain(action);
    }
    const rows = await server.app.db.db.selectFrom('moderation_log').select('id').execute();
    expect(rows.length).toBe(entries.length);
  });

  it('shows admins the jobs and retries a failed one', async () => {
    expect((await call(server, 'GET', '/admin/jobs?state=failed')).status).toBe(401);
    expect((await call(server, 'GET', '/admin/jobs?state=failed', { token: moderator.token })).status).toBe(403);
    const videoId = await insertVideo(server, owner.id);
    const jobId = await server.app.repos.jobs.insert({ type: 'transcode', payload: { videoId }, maxAttempts: 1 });
    await server.app.db.db.updateTable('jobs').set({ state: 'failed', last_error: 'ffmpeg exited 1' }).where('id', '=', jobId).execute();
    const failed = await call(server, 'GET', '/admin/jobs?state=failed', { token: admin.token });
    expect(failed.body.data.jobs).toContainEqual(expect.objectContaining({ id: jobId, type: 'transcode', state: 'failed', error: 'ffmpeg exited 1', videoId }));
    expect((await call(server, 'POST', `/admin/jobs/${jobId}/retry`, { token: moderator.token })).status).toBe(403);
    expect((await call(server, 'POST', `/admin/jobs/${jobId}/retry`, { token: admin.token })).status).toBe(200);
    const row = await server.app.repos.jobs.get(jobId);
    expect(row?.state).not.toBe('failed');
    expect((await call(server, 'POST', `/admin/jobs/${jobId}/retry`, { token: admin.token })).status).toBe(409);
  });
});
