// The moderation log as moderators read it: every line names its actor and the person the action
// concerned by their names as they are now (a rename shows, a deleted account reads as gone), and
// an action is undone from its line with a reason the log keeps, comment removals included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser, setRole } from '../support/server.js';

interface LogPerson {
  _id: string;
  username: string;
  fullName: string;
}
interface LogEntry {
  _id: string;
  action: string;
  subjectType: string;
  subjectId: string;
  reason: string;
  actor: LogPerson;
  target: LogPerson | null;
  undoable: boolean;
  undoneBy: string | null;
  undoes: string | null;
}

describe.each(databases)('the moderation log on %s', (dialect) => {
  let server: TestServer;
  let admin: TestUser;
  let moderator: TestUser;
  let grace: TestUser;

  async function entries(): Promise<LogEntry[]> {
    const answer = await call(server, 'GET', '/moderation/log?limit=100', { token: moderator.token });
    expect(answer.status).toBe(200);
    return answer.body.data.entries as LogEntry[];
  }
  const latest = async (action: string, subjectId: string) => (await entries()).find((entry) => entry.action === action && entry.subjectId === subjectId);

  beforeAll(async () => {
    server = await startServer({ dialect });
    [admin, moderator, grace] = await Promise.all([registerUser(server), registerUser(server, { fullName: 'Mona Moderator' }), registerUser(server, { fullName: 'Grace Hopper' })]);
    await setRole(server, admin, 'admin');
    await setRole(server, moderator, 'moderator');
  });
  afterAll(() => server?.close());

  it('names the actor and the person concerned as they are called now, or as gone', async () => {
    expect((await call(server, 'POST', `/moderation/users/${grace.id}/suspend`, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(200);
    const suspended = await latest('user-suspended', grace.id);
    expect(suspended?.actor).toEqual({ _id: moderator.id, username: moderator.username, fullName: 'Mona Moderator' });
    expect(suspended?.target).toEqual({ _id: grace.id, username: grace.username, fullName: 'Grace Hopper' });

    const videoId = await insertVideo(server, grace.id, { title: 'Her video' });
    expect((await call(server, 'POST', `/moderation/videos/${videoId}/takedown`, { token: moderator.token, json: { reason: 'Spam links' } })).status).toBe(200);
    expect((await latest('video-taken-down', videoId))?.target).toEqual({ _id: grace.id, username: grace.username, fullName: 'Grace Hopper' });

    // A rename shows on lines written before it.
    // (Suspended, she cannot sign in to do it herself: the repository write her settings would make.)
    await server.app.repos.users.updateDetails(grace.id, { username: `${grace.username}x`, fullName: 'Grace B. Hopper' });
    expect((await latest('user-suspended', grace.id))?.target).toEqual({ _id: grace.id, username: `${grace.username}x`, fullName: 'Grace B. Hopper' });

    // A deleted account keeps its id, with no name.
    const gone = await registerUser(server);
    expect((await call(server, 'POST', `/moderation/users/${gone.id}/suspend`, { token: moderator.token, json: { reason: 'Bot' } })).status).toBe(200);
    expect((await call(server, 'DELETE', `/admin/users/${gone.id}`, { token: admin.token, json: { reason: 'Bot' } })).status).toBe(200);
    expect((await latest('user-suspended', gone.id))?.target).toEqual({ _id: gone.id, username: '', fullName: '' });
  });

  const undo = (entryId: string, token: string, reason?: string) => call(server, 'POST', `/moderation/log/${entryId}/undo`, { token, json: reason === undefined ? {} : { reason } });

  it('undoes a takedown, a suspension and a role change from the log, with the reason recorded, once', async () => {
    const bystander = await registerUser(server);
    const videoId = await insertVideo(server, admin.id, { title: 'Taken down by mistake' });
    expect((await call(server, 'POST', `/moderation/videos/${videoId}/takedown`, { token: moderator.token, json: { reason: 'Looked like spam' } })).status).toBe(200);
    const takedown = await latest('video-taken-down', videoId);
    expect(takedown).toMatchObject({ undoable: true, undoneBy: null, undoes: null });

    // The reason is required and bounded, as for the action itself; plain users have no undo.
    expect((await undo(takedown!._id, moderator.token)).status).toBe(400);
    expect(await undo(takedown!._id, moderator.token, '   ')).toMatchObject({ status: 400, body: { success: false, message: 'A reason is required to undo an action' } });
    expect((await undo(takedown!._id, moderator.token, 'x'.repeat(501))).status).toBe(400);
    expect((await undo(takedown!._id, bystander.token, 'Mine')).status).toBe(403);
    expect((await undo('01900000-0000-7000-8000-000000000000', moderator.token, 'Nothing')).status).toBe(404);

    const undone = await undo(takedown!._id, moderator.token, '  It was a tutorial about spam  ');
    expect(undone.status).toBe(200);
    expect(undone.body.data).toMatchObject({ _id: takedown!._id, undoable: false });
    expect((await call(server, 'GET', `/videos/${videoId}`, { token: bystander.token })).status).toBe(200);
    const restored = await latest('video-restored', videoId);
    expect(restored).toMatchObject({ reason: 'It was a tutorial about spam', undoes: takedown!._id, undoable: false, actor: { _id: moderator.id } });
    expect(undone.body.data.undoneBy).toBe(restored!._id);
    expect(await undo(takedown!._id, moderator.token, 'Again')).toMatchObject({ status: 409, body: { message: 'This action was already undone' } });
    // An undo is not itself undone from the log (take the video down again instead).
    expect(await undo(restored!._id, moderator.token, 'Back')).toMatchObject({ status: 409, body: { message: 'This action cannot be undone' } });

    const plain = await registerUser(server);
    expect((await call(server, 'POST', `/moderation/users/${plain.id}/suspend`, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(200);
    const suspension = await latest('user-suspended', plain.id);
    expect((await undo(suspension!._id, moderator.token, 'Wrong account')).status).toBe(200);
    expect(await latest('user-unsuspended', plain.id)).toMatchObject({ reason: 'Wrong account', undoes: suspension!._id });
    expect((await call(server, 'POST', '/users/login', { json: { email: plain.email, password: plain.password } })).status).toBe(200);

    expect((await call(server, 'PATCH', `/moderation/users/${plain.id}/role`, { token: admin.token, json: { role: 'moderator' } })).status).toBe(200);
    const promotion = await latest('role-changed', plain.id);
    expect(promotion).toMatchObject({ reason: 'user -> moderator', undoable: true });
    expect(await undo(promotion!._id, moderator.token, 'Not yet')).toMatchObject({ status: 403, body: { message: 'Only an admin can undo a role change' } });
    expect((await undo(promotion!._id, admin.token, 'Not yet')).status).toBe(200);
    expect(await server.app.repos.moderation.roleOf(plain.id)).toBe('user');
    expect((await entries()).find((entry) => entry.undoes === promotion!._id)).toMatchObject({ action: 'role-changed', reason: 'moderator -> user: Not yet' });
  });

  it('lets only one of two undos at once through', async () => {
    const videoId = await insertVideo(server, admin.id);
    expect((await call(server, 'POST', `/moderation/videos/${videoId}/takedown`, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(200);
    const takedown = await latest('video-taken-down', videoId);
    const answers = await Promise.all([undo(takedown!._id, moderator.token, 'One'), undo(takedown!._id, admin.token, 'Two')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await entries()).filter((entry) => entry.undoes === takedown!._id)).toHaveLength(1);
  });

  it('undoes a comment removal: the comment, its replies and their likes come back, with the reason logged', async () => {
    const [author, replier, fan] = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    const videoId = await insertVideo(server, admin.id, { title: 'Commented' });
    const commentId = (await call(server, 'POST', `/comments/add/${videoId}`, { token: author.token, json: { content: 'A fair point, sharply put' } })).body.data._id as string;
    expect((await call(server, 'POST', `/comments/add/${videoId}`, { token: replier.token, json: { content: 'Agreed', parentId: commentId } })).status).toBe(201);
    expect((await call(server, 'POST', `/likes/toggle/c/${commentId}?reactionType=like`, { token: fan.token, json: { videoId } })).status).toBe(200);
    const listed = async () => (await call(server, 'GET', `/comments/all/${videoId}`, { token: fan.token })).body.data;
    const before = await listed();
    const count = async () => (await call(server, 'GET', `/videos/${videoId}`)).body.data.commentsCount as number;
    expect(await count()).toBe(2);

    expect((await call(server, 'DELETE', `/comments/delete/${commentId}`, { token: moderator.token })).body.data.deletedCount).toBe(2);
    expect(await count()).toBe(0);
    const removal = await latest('comment-removed', commentId);
    expect(removal).toMatchObject({ undoable: true, target: { _id: author.id, username: author.username } });

    expect((await undo(removal!._id, moderator.token, 'Criticism, not abuse')).status).toBe(200);
    expect(await listed()).toEqual(before);
    expect(await count()).toBe(2);
    expect(await latest('comment-restored', commentId)).toMatchObject({ reason: 'Criticism, not abuse', undoes: removal!._id, target: { _id: author.id } });
    expect(await undo(removal!._id, moderator.token, 'Again')).toMatchObject({ status: 409 });
  });

  it('counts a takedown restored or a suspension lifted by hand as undone by that line', async () => {
    const videoId = await insertVideo(server, admin.id);
    expect((await call(server, 'POST', `/moderation/videos/${videoId}/takedown`, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(200);
    expect((await call(server, 'DELETE', `/moderation/videos/${videoId}/takedown`, { token: moderator.token })).status).toBe(200);
    const restored = await latest('video-restored', videoId);
    expect(await latest('video-taken-down', videoId)).toMatchObject({ undoable: false, undoneBy: restored!._id });

    const plain = await registerUser(server);
    expect((await call(server, 'POST', `/moderation/users/${plain.id}/suspend`, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(200);
    expect((await call(server, 'DELETE', `/moderation/users/${plain.id}/suspend`, { token: moderator.token })).status).toBe(200);
    const lifted = await latest('user-unsuspended', plain.id);
    expect(await latest('user-suspended', plain.id)).toMatchObject({ undoable: false, undoneBy: lifted!._id });
  });
});
