// The moderation log as moderators read it: every line names its actor and the person the action
// concerned by their names as they are now (a rename shows, a deleted account reads as gone), and
// an action is undone from its line with a reason the log keeps, comment removals included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from './harness.js';

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
    await server.app.db.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    await server.app.db.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
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
    await server.app.db.db.updateTable('users').set({ username: `${grace.username}x`, full_name: 'Grace B. Hopper' }).where('id', '=', grace.id).execute();
    expect((await latest('user-suspended', grace.id))?.target).toEqual({ _id: grace.id, username: `${grace.username}x`, fullName: 'Grace B. Hopper' });

    // A deleted account keeps its id, with no name.
    const gone = await registerUser(server);
    expect((await call(server, 'POST', `/moderation/users/${gone.id}/suspend`, { token: moderator.token, json: { reason: 'Bot' } })).status).toBe(200);
    await server.app.db.db.deleteFrom('sessions').where('user_id', '=', gone.id).execute();
    await server.app.db.db.deleteFrom('users').where('id', '=', gone.id).execute();
    expect((await latest('user-suspended', gone.id))?.target).toEqual({ _id: gone.id, username: '', fullName: '' });
  });
});
