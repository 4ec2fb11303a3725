// Vitest fixtures for the tests that talk to a real server (`test.extend`): the file's server on
// SQLite, or on the dialect a `describe` names (`test.override('dialect', 'postgres')`, one server
// per dialect, started when a test first needs it and closed after the file), a signed-in user and a
// ready video for each test that names them. Browser tests may use it too: it knows nothing of
// browsers.
import { test as base } from 'vitest';
import { type DatabaseDialect, insertVideo, registerUser, startServer, type TestServer } from './server.js';

export const test = base
  /** Settings of the file's servers beyond the harness's own (startServer's `env`); override at a file's top. */
  .extend('serverEnv', { scope: 'file' }, {} as Record<string, string>)
  .extend('serversByDialect', { scope: 'file' }, async ({ serverEnv }, { onCleanup }) => {
    const started = new Map<DatabaseDialect, Promise<TestServer>>();
    onCleanup(async () => {
      for (const server of started.values()) await (await server).close();
    });
    return (dialect: DatabaseDialect): Promise<TestServer> => {
      if (!started.has(dialect)) started.set(dialect, startServer({ dialect, env: serverEnv }));
      return started.get(dialect)!;
    };
  })
  .extend('dialect', 'sqlite' as DatabaseDialect)
  /** The file's running server on `dialect` (real port, own data dir or PostgreSQL schema). */
  .extend('server', async ({ serversByDialect, dialect }) => serversByDialect(dialect))
  /** A user registered through the API, with its token (a fresh one for each test). */
  .extend('user', async ({ server }) => registerUser(server))
  /** A ready video of `user`'s, listed (no media behind it). */
  .extend('video', async ({ server, user }) => ({ id: await insertVideo(server, user.id), ownerId: user.id }));
