// A second API process started on a port that is already taken must exit non-zero with a clear
// message and run nothing at all: no migration, no job, no sweep. Start tasks run only once the
// port is this process's own (http/startTasks.ts), and the port is checked before anything else.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { v7 } from 'uuid';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { listenThenStart } from '../../server/http/startTasks.js';
import { migrateToLatest } from '../../server/db/kysely.js';
import { createRepositories } from '../../server/db/repositories/index.js';
import { databases } from '../support/server.js';
import { freePort, type Place, sharedPlace, spawnTs } from './processes.js';

const dialect = databases.at(-1)!;

describe(`an API process on a taken port (${dialect})`, () => {
  let place: Place | undefined;
  let holder: Server | undefined;
  afterAll(async () => {
    await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
    await place?.dispose();
  });

  it('exits non-zero naming the port, and runs no job and no sweep', async () => {
    place = await sharedPlace(dialect);
    const config = loadConfig(place.env);
    await migrateToLatest(place.db);
    // A queued job any process taking jobs would start at once.
    const jobId = await createRepositories(place.db, config).jobs.insert({ type: 'transcode', payload: { videoId: 'no-such-video' }, maxAttempts: 3 });
    // An image two hours old that nothing points at: the start sweep removes such images.
    const orphan = join(config.mediaDir, 'images', `${v7({ msecs: Date.now() - 2 * 3600_000 })}.webp`);
    await mkdir(join(config.mediaDir, 'images'), { recursive: true });
    await writeFile(orphan, 'not really an image');

    const port = await freePort();
    holder = createServer();
    await new Promise<void>((resolve) => holder!.listen(port, '127.0.0.1', resolve));

    const child = spawnTs('server/index.ts', { ...place.env, PORT: String(port) });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(child.output()).toContain(`port ${port} on 127.0.0.1 is already in use (EADDRINUSE)`);

    const job = await place.db.db.selectFrom('jobs').select(['state', 'attempts']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'queued', attempts: 0 });
    expect(await stat(orphan).then(() => true, () => false)).toBe(true);
    expect(child.output()).not.toContain('unreferenced images removed');
  });

  it('runs no start task when the bind itself fails (a port taken after the check)', async () => {
    const config = loadConfig({ ...place!.env, PORT: '0' });
    const jobId = await createRepositories(place!.db, config).jobs.insert({ type: 'transcode', payload: { videoId: 'no-such-video' }, maxAttempts: 3 });
    const orphan = join(config.mediaDir, 'images', `${v7({ msecs: Date.now() - 2 * 3600_000 })}.webp`);
    await writeFile(orphan, 'not really an image');
    const app = await buildApp(config);
    try {
      const port = (holder!.address() as AddressInfo).port;
      await expect(listenThenStart(app, { port, host: '127.0.0.1' })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      const job = await place!.db.db.selectFrom('jobs').select(['state', 'attempts']).where('id', '=', jobId).executeTakeFirstOrThrow();
      expect(job).toEqual({ state: 'queued', attempts: 0 });
      expect(await stat(orphan).then(() => true, () => false)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
