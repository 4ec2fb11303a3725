// `npm run admin -- role` and `reset-password` as child processes against a running server's data
// dir and database: what they change is what the API then answers. Each run is a process that loads
// the whole app (seconds), so the commands run on one database (the last: PostgreSQL when reachable);
// on every other database the use cases they run, on the same rows, are called in process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUser } from '../../server/admin/core.js';
import { resetPassword } from '../../server/useCases/accounts.js';
import { changeRole } from '../../server/useCases/moderation.js';
import { LIGHT_PASSWORD_HASHING } from '../lightPasswords.js';
import { call, databases, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';
import { runAdmin } from './adminFixtures.js';

const processDialect = databases.at(-1)!;

const roleOf = async (server: TestServer, token: string) => (await call(server, 'GET', '/users/me', { token })).body.data.role;

/** The operator's role change as a moderator sees it in the log: the actor is the operator. */
async function expectOperatorLogged(server: TestServer, admin: TestUser, subject: TestUser, reason: string) {
  const log = (await call(server, 'GET', '/moderation/log', { token: admin.token })).body.data.entries;
  expect(log).toContainEqual(expect.objectContaining({ action: 'role-changed', subjectId: subject.id, reason, actor: { _id: 'operator', username: '', fullName: '' } }));
}

/**
 * After a reset to `oneTime`: every session ended, the old password refused, the one-time one
 * accepted, and nothing but the password change until it is changed.
 */
async function expectResetTo(server: TestServer, carol: TestUser, other: TestUser, oneTime: string) {
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
}

describe(`npm run admin -- role and reset-password on ${processDialect}`, () => {
  let server: TestServer & { dataDir: string };
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startServer({ dialect: processDialect });
    // The deployment's settings as the server has them (its light password hashing too).
    env = { DATA_DIR: server.dataDir, JWT_SECRET: server.config.jwtSecret, LOG_LEVEL: 'warn', ...LIGHT_PASSWORD_HASHING, ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}) };
  });
  afterAll(() => server?.close());

  it('sets roles, refuses bad input and never demotes the last admin', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    expect(await roleOf(server, alice.token)).toBe('user');

    const promoted = await runAdmin(['role', alice.username, 'admin'], env);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain(`${alice.username} is now admin (was user)`);
    expect(await roleOf(server, alice.token)).toBe('admin');
    // The moderation log names the operator as the actor.
    await expectOperatorLogged(server, alice, alice, 'user -> admin');
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
    expect(await roleOf(server, alice.token)).toBe('admin');

    // With a second admin, the first may step down.
    expect((await runAdmin(['role', bob.email, 'admin'], env)).code).toBe(0);
    const demoted = await runAdmin(['role', alice.username, 'moderator'], env);
    expect(demoted.code, demoted.stderr).toBe(0);
    expect(await roleOf(server, alice.token)).toBe('moderator');
    expect(await roleOf(server, bob.token)).toBe('admin');
  }, 120_000);

  it('resets a password: one-time password, sessions ended, nothing else until it is changed', async () => {
    const carol = await registerUser(server);
    const other = await registerUser(server);
    const reset = await runAdmin(['reset-password', carol.email], env);
    expect(reset.code, reset.stderr).toBe(0);
    const oneTime = /One-time password: (\S+)/.exec(reset.stdout)?.[1];
    expect(oneTime).toMatch(/^[\w-]{24}$/);
    await expectResetTo(server, carol, other, oneTime!);

    const unknown = await runAdmin(['reset-password', 'nobody'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No user with username 'nobody'");
  }, 120_000);
});

// What the commands run (server/admin/role.ts, resetPassword.ts): the user found by username or
// email, then the use case on the composition root's core, as the command's own process builds it.
describe.each(databases.filter((dialect) => dialect !== processDialect))("the admin commands' use cases on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dialect });
  });
  afterAll(() => server?.close());
  const role = async (who: string, to: string) => {
    const { core } = server.parts;
    return changeRole(core, { userId: (await findUser(core.repos, who)).id, role: to, actorId: null });
  };

  it('sets roles, refuses bad input and never demotes the last admin', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    expect(await roleOf(server, alice.token)).toBe('user');

    expect(await role(alice.username, 'admin')).toMatchObject({ previousRole: 'user', role: 'admin' });
    expect(await roleOf(server, alice.token)).toBe('admin');
    await expectOperatorLogged(server, alice, alice, 'user -> admin');
    expect(await role(alice.username, 'admin')).toMatchObject({ previousRole: 'admin', role: 'admin' });

    await expect(role(bob.email, 'superuser')).rejects.toThrow('Role must be one of user, moderator, admin');
    await expect(role('nobody@example.com', 'admin')).rejects.toThrow("No user with email 'nobody@example.com'");
    await expect(role(alice.email, 'user')).rejects.toThrow('This is the last admin');
    expect(await roleOf(server, alice.token)).toBe('admin');

    await role(bob.email, 'admin');
    expect(await role(alice.username, 'moderator')).toMatchObject({ previousRole: 'admin', role: 'moderator' });
    expect(await roleOf(server, alice.token)).toBe('moderator');
    expect(await roleOf(server, bob.token)).toBe('admin');
  });

  it('resets a password: one-time password, sessions ended, nothing else until it is changed', async () => {
    const { core } = server.parts;
    const carol = await registerUser(server);
    const other = await registerUser(server);
    const { password: oneTime } = await resetPassword(core, { userId: (await findUser(core.repos, carol.email)).id });
    expect(oneTime).toMatch(/^[\w-]{24}$/);
    await expectResetTo(server, carol, other, oneTime);
    await expect(findUser(core.repos, 'nobody')).rejects.toThrow("No user with username 'nobody'");
  });
});
