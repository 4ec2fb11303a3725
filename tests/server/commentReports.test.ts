// Reports of comments: the same reasons and checks as a video's, one per user per comment, in the
// moderators' queue with the comment's text, resolved by removing the comment (undoable from the
// log) or dismissed; the reporters hear of a removal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../contract/entities.js';
import type { ModerationLogEntry, ModerationReport } from '../../contract/moderation.js';
import { newId } from '../../server/ids.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser, setRole } from '../support/server.js';

describe.each(databases)('comment reports on %s', (dialect) => {
  let server: TestServer;
  let owner: TestUser;
  let author: TestUser;
  let reporter: TestUser;
  let moderator: TestUser;

  beforeAll(async () => {
    server = await startServer({ dialect });
    [owner, author, reporter, moderator] = await Promise.all([registerUser(server), registerUser(server), registerUser(server), registerUser(server)]);
    await setRole(server, moderator, 'moderator');
  });
  afterAll(() => server?.close());

  const postComment = async (user: TestUser, videoId: string, content: string, parentId?: string): Promise<string> => {
    const answer = await call(server, 'POST', `/comments/add/${videoId}`, { token: user.token, json: { content, parentId } });
    expect(answer.status).toBe(201);
    return answer.body.data._id;
  };
  const report = (user: TestUser | null, commentId: string, json: object = { reason: 'hate' }) =>
    call(server, 'POST', `/reports/comment/${commentId}`, { token: user?.token, json });
  const queue = async (state = 'open'): Promise<ModerationReport[]> =>
    (await call(server, 'GET', `/moderation/reports?state=${state}&limit=100`, { token: moderator.token })).body.data.reports;
  const notificationsOf = async (user: TestUser): Promise<Notification[]> => (await call(server, 'GET', '/notifications?limit=50', { token: user.token })).body.data.notifications;

  it('files one report per user per comment, apart from the video\'s own report, and tells the caller', async () => {
    const videoId = await insertVideo(server, owner.id);
    const commentId = await postComment(author, videoId, 'Buy followers at example.test');
    expect((await call(server, 'GET', `/reports/comment/${commentId}/mine`, { token: reporter.token })).body.data).toEqual({ reported: false });
    const filed = await report(reporter, commentId, { reason: 'spam', details: '  A link in every comment ' });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ success: true, message: 'Comment reported successfully', data: { _id: expect.any(String), videoId, commentId, reason: 'spam', createdAt: expect.any(String) } });
    const again = await report(reporter, commentId, { reason: 'other' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, message: 'You have already reported this comment' });
    expect((await call(server, 'GET', `/reports/comment/${commentId}/mine`, { token: reporter.token })).body.data).toEqual({ reported: true });

    // Reporting the comment is not reporting its video, nor another comment under it.
    expect((await call(server, 'GET', `/reports/video/${videoId}/mine`, { token: reporter.token })).body.data).toEqual({ reported: false });
    expect((await call(server, 'POST', `/reports/video/${videoId}`, { token: reporter.token, json: { reason: 'spam' } })).status).toBe(201);
    const second = await postComment(author, videoId, 'And again');
    expect((await report(reporter, second)).status).toBe(201);

    const answers = await Promise.all(Array.from({ length: 4 }, () => report(owner, second, { reason: 'hate' })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('validates like a video report: reasons, details, a token, a real comment, never one\'s own, none under a taken-down video', async () => {
    const videoId = await insertVideo(server, owner.id);
    const commentId = await postComment(author, videoId, 'Something');
    expect((await report(reporter, commentId, { reason: 'boring' })).status).toBe(400);
    expect((await report(reporter, commentId, {})).status).toBe(400);
    expect((await report(reporter, commentId, { reason: 'other', details: 'x'.repeat(1001) })).status).toBe(400);
    expect((await report(null, commentId)).status).toBe(401);
    expect((await call(server, 'GET', `/reports/comment/${commentId}/mine`)).status).toBe(401);
    const missing = await report(reporter, newId());
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, message: 'Comment not found' });
    const own = await report(author, commentId);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot report your own comment');

    expect((await call(server, 'POST', `/moderation/videos/${videoId}/takedown`, { token: moderator.token, json: { reason: 'Gone' } })).status).toBe(200);
    const gone = await report(reporter, commentId);
    expect(gone.status).toBe(410);
    expect(gone.body.success).toBe(false);
  });

  it('lists comment reports in the queue with the comment; "remove comment" removes it, resolves its reports, tells the reporters; undo puts it back', async () => {
    const videoId = await insertVideo(server, owner.id, { title: 'Cooking' });
    const commentId = await postComment(author, videoId, 'You are all idiots');
    const replyId = await postComment(owner, videoId, 'Please be kind', commentId);
    const other = await registerUser(server);
    const first = (await report(reporter, commentId, { reason: 'violence', details: 'Insults' })).body.data._id as string;
    const secondId = (await report(other, commentId, { reason: 'spam' })).body.data._id as string;

    expect((await call(server, 'GET', '/moderation/reports', { token: reporter.token })).status).toBe(403);
    const listed = (await queue()).find((item) => item._id === first);
    expect(listed).toMatchObject({
      video: { _id: videoId, title: 'Cooking', owner: { _id: owner.id } },
      reporter: { _id: reporter.id },
      reason: 'violence',
      details: 'Insults',
      state: 'open',
      reportsOnVideo: 0,
      comment: { _id: commentId, content: 'You are all idiots', owner: { _id: author.id, username: author.username }, removed: false, reportsOnComment: 2 },
    });

    const path = `/moderation/reports/${first}/remove-comment`;
    expect((await call(server, 'POST', path, { token: reporter.token, json: {} })).status).toBe(403);
    const removed = await call(server, 'POST', path, { token: moderator.token, json: { note: 'Abusive' } });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ _id: first, state: 'resolved', note: 'Abusive', comment: { _id: commentId, content: 'You are all idiots', removed: true } });
    // The comment and its reply are gone; every open report of it is resolved.
    expect((await call(server, 'GET', `/comments/all/${videoId}`)).body.data).toEqual([]);
    const resolved = await queue('resolved');
    expect(resolved.filter((item) => item.comment?._id === commentId).map((item) => item._id).sort()).toEqual([first, secondId].sort());
    expect((await queue()).some((item) => item.comment?._id === commentId)).toBe(false);

    for (const user of [reporter, other]) {
      const notice = (await notificationsOf(user)).find((n) => n.type === 'comment-report-resolved');
      expect(notice).toMatchObject({ actor: { _id: '', fullName: 'A moderator' }, video: { _id: videoId, title: 'Cooking' }, reason: 'Abusive' });
      expect(notice?.comment).toBeUndefined();
    }
    // A video report's "remove comment" is refused; an unknown report is 404.
    const videoReport = (await call(server, 'POST', `/reports/video/${videoId}`, { token: other.token, json: { reason: 'spam' } })).body.data._id;
    expect((await call(server, 'POST', `/moderation/reports/${videoReport}/remove-comment`, { token: moderator.token, json: {} })).status).toBe(400);
    expect((await call(server, 'POST', `/moderation/reports/${newId()}/remove-comment`, { token: moderator.token, json: {} })).status).toBe(404);

    // The removal is in the log, undoable: the comment and its reply come back, the reports stay resolved.
    const log: ModerationLogEntry[] = (await call(server, 'GET', '/moderation/log?limit=100', { token: moderator.token })).body.data.entries;
    const removal = log.find((entry) => entry.action === 'comment-removed' && entry.subjectId === commentId);
    expect(removal).toMatchObject({ undoable: true, target: { _id: author.id } });
    expect(log.find((entry) => entry.action === 'report-resolved' && entry.subjectId === first)).toMatchObject({ target: { _id: author.id }, reason: 'Abusive' });
    expect((await call(server, 'POST', `/moderation/log/${removal!._id}/undo`, { token: moderator.token, json: { reason: 'Second look' } })).status).toBe(200);
    const back = (await call(server, 'GET', `/comments/all/${videoId}`)).body.data as Array<{ _id: string }>;
    expect(back.map((comment) => comment._id).sort()).toEqual([commentId, replyId].sort());
    expect((await queue('resolved')).find((item) => item._id === first)?.comment).toMatchObject({ removed: false });
  });

  it('dismisses a comment report and leaves the comment', async () => {
    const videoId = await insertVideo(server, owner.id);
    const commentId = await postComment(author, videoId, 'I disagree with this video');
    const reportId = (await report(reporter, commentId, { reason: 'misleading' })).body.data._id;
    const dismissed = await call(server, 'PATCH', `/moderation/reports/${reportId}`, { token: moderator.token, json: { state: 'dismissed', note: 'An opinion' } });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.data).toMatchObject({ state: 'dismissed', comment: { _id: commentId, removed: false } });
    expect((await call(server, 'GET', `/comments/all/${videoId}`)).body.data.map((c: { _id: string }) => c._id)).toEqual([commentId]);
    expect((await notificationsOf(reporter)).some((n) => n.type === 'comment-report-resolved' && n.video?._id === videoId)).toBe(false);
  });
});
