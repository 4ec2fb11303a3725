// `npm run admin -- role` and `reset-password` as child processes against a running server's data
// dir and database: what they change is what the API then answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, registerUser, startServer, type TestServer } from '../support/server.js';
import { runAdmin } from './adminFixtures.js';

describe.each(databases)('admin role and reset-password on %s', (dialect) => {
  let server: TestServer & { dataDir: string };
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startServer({ dialect });
    env = { DATA_DIR: server.dataDir, JWT_SECRET: server.config.jwtSecret, LOG_LEVEL: 'warn', ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}) };
  });
  afterAll(() => server?.close());

  const roleOf = async (token: string) => (await call(server, 'GET', '/users/me', { token })).body.data.role;

  it('sets roles, refuses bad input and never demotes the last admin', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    expect(await roleOf(alice.token)).toBe('user');

    const promoted = await runAdmin(['role', alice.username, 'admin'], env);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain(`${alice.username} is now admin (was user)`);
    expect(await roleOf(alice.token)).toBe('admin');
    // The moderation log names the operator as the actor.
    const log = (await call(server, 'GET', '/moderation/log', { token: alice.token })).body.data.entries;
    expect(log).toContainEqual(expect.objectContaining({ action: 'role-changed', subjectId: alice.id, reason: 'user -> admin', actor: { _id: 'operator', username: '', fullName: '' } }));
    const again = await runAdmin(['role', alice.username, 'admin'], env);
    expect(again.stdout).toContain(`${alice.username} is already admin: nothing changed`);

    const badRole = await runAdmin(['role', bob.email, 'superuser'], env);
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('Role must be one of user, moderator, admin');
    const unknown = await runAdmin(['role', 'nobody@example.com', 'admin'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No user with email 'nobody@example.com'");
    const missing = await runAdmin(['role', bob.username], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run admin -- role <username|email> admin|moderator|user');

    const lastAdmin = await runAdmin(['role', alice.email, 'user'], env);
    expect(lastAdmin.code).toBe(1);
    expect(lastAdmin.stderr).toContain('This is the last admin');
    expect(await roleOf(alice.token)).toBe('admin');

    // With a second admin, the first may step down.
    expect((await runAdmin(['role', bob.email, 'admin'], env)).code).toBe(0);
    const demoted = await runAdmin(['role', alice.username, 'moderator'], env);
    expect(demoted.code, demoted.stderr).toBe(0);
    expect(await roleOf(alice.token)).toBe('moderator');
    expect(await roleOf(bob.token)).toBe('admin');
  }, 600_000);

  it('resets a password: one-time password, sessions ended, nothing else until it is changed', async () => {
    const carol = await registerUser(server);
    const other = await registerUser(server);
    const reset = await runAdmin(['reset-password', carol.email], env);
    expect(reset.code, reset.stderr).toBe(0);
    const oneTime = /One-time password: (\S+)/.exec(reset.stdout)?.[1];
    expect(oneTime).toMatch(/^[\w-]{24}$/);

    // Every session ended; the old password no longer works, the one-time password does.
    expect((await call(server, 'GET', '/users/me', { token: carol.token })).status).toBe(401);
    expect((await call(server, 'POST', '/users/login', { json: { email: carol.email, password: carol.password } })).status).toBe(401);
    const login = await call(server, 'POST', '/users/login', { json: { email: carol.email, password: oneTime } });
    expect(login.status).toBe(200);
    expect(login.body.data.loggedInUser).toMatchObject({ _id: carol.id, mustChangePassword: true });
    const token: string = login.body.data.accessToken;

    const me = await call(server, 'GET', '/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.mustChangePassword).toBe(true);
    for (const [method, path, json] of [
      ['GET', '/videos/all-videos'],
      ['GET', `/users/c/${other.username}`],
      ['POST', `/subscription/toggle/sub/${other.id}`],
      ['POST', '/users/update-all-details', { fullName: 'Not yet' }],
    ] as const) {
      const refused = await call(server, method, path, { token, json });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body).toMatchObject({ statusCode: 403, success: false, message: 'You must change your password' });
    }
    // The same calls without a token are still answered as for any visitor.
    expect((await call(server, 'GET', '/videos/all-videos')).status).toBe(200);

    const changed = await call(server, 'POST', '/users/update-password', { token, json: { currentPassword: oneTime, newPassword: 'a brand new secret' } });
    expect(changed.status).toBe(200);
    expect((await call(server, 'GET', '/users/me', { token })).body.data.mustChangePassword).toBe(false);
    expect((await call(server, 'GET', '/videos/all-videos', { token })).status).toBe(200);
    expect((await call(server, 'POST', '/users/update-all-details', { token, json: { fullName: 'Carol Again' } })).status).toBe(201);
    expect((await call(server, 'POST', '/users/login', { json: { email: carol.email, password: 'a brand new secret' } })).body.data.loggedInUser.mustChangePassword).toBe(false);

    const unknown = await runAdmin(['reset-password', 'nobody'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No user with username 'nobody'");
  }, 300_000);
});
