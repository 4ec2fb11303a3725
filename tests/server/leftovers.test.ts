// Files nothing points at. Concurrent image changes leave none behind, and what a crash
// left (images without a row, partial uploads) is swept when a server starts.
import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { blobOf, call, databases, pngBytes, registerUser, startServer, type TestUser } from '../support/server.js';
import { filesUnder } from './mediaFixtures.js';
import { TUS_UPLOADS_PATH } from '../../contract/offline.js';

type Server = Awaited<ReturnType<typeof startServer>>;
const HOUR = 3600_000;

describe.each(databases)('files nothing points at, on %s', (dialect) => {
  let server: Server;
  let user: TestUser;
  const imagesDir = () => join(server.dataDir, 'media', 'images');
  /** Every image name the database points at. */
  const referencedImages = async () => {
    return [...(await server.app.repos.users.imageNames()), ...(await server.app.repos.videos.thumbnailNames())].sort();
  };

  beforeAll(async () => {
    server = await startServer({ dialect });
    user = await registerUser(server);
  });
  afterAll(() => server?.close());

  it('16 concurrent avatar and 16 cover changes by one user leave exactly the two images in use', async () => {
    const change = async (path: string, field: string, color: string) => {
      const form = new FormData();
      form.set(field, blobOf(await pngBytes(64, 64, color), 'image/png'), 'me.png');
      return call(server, 'POST', path, { token: user.token, form });
    };
    const colors = Array.from({ length: 16 }, (_, i) => `#${(0x102030 + i * 0x0a0b0c).toString(16).padStart(6, '0')}`);
    const answers = await Promise.all(colors.flatMap((color) => [change('/users/update-avatar', 'avatar', color), change('/users/update-coverImage', 'coverImage', color)]));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const row = (await server.app.repos.users.findById(user.id))!;
    expect(row.avatar).not.toBe('');
    expect(row.cover_image).not.toBe('');
    expect(await filesUnder(imagesDir())).toEqual(await referencedImages());
  });

  it('sweeps images without a row at start, sparing recent ones (a request on another node may be writing its row)', async () => {
    await mkdir(imagesDir(), { recursive: true });
    const oldOrphan = `${v7({ msecs: Date.now() - 2 * HOUR })}.webp`;
    const recentOrphan = `${v7()}.webp`;
    const unknownName = 'not-ours.webp';
    for (const name of [oldOrphan, recentOrphan, unknownName]) await writeFile(join(imagesDir(), name), 'x');
    const inUse = await referencedImages();
    expect(inUse.length).toBeGreaterThan(0);
    // Narrower copies go with their image: an orphan's goes, one of an image in use stays.
    await mkdir(join(imagesDir(), 'w480'), { recursive: true });
    for (const name of [oldOrphan, inUse[0]!]) await writeFile(join(imagesDir(), 'w480', name), 'x');

    // A second node starting on the same data sweeps.
    const second = await startServer({ dialect, dataDir: server.dataDir, schema: server.schema ?? undefined });
    await second.close();
    expect(await filesUnder(imagesDir())).toEqual([...inUse, recentOrphan, unknownName, `w480/${inUse[0]}`].sort());
  });

  it('sweeps nothing in a process that fails to bind its port', async () => {
    const orphan = `${v7({ msecs: Date.now() - 2 * HOUR })}.webp`;
    await writeFile(join(imagesDir(), orphan), 'x');
    const before = await filesUnder(imagesDir());
    // A second node given the port the first one holds: its start fails, and its sweeps never run.
    const failed = await buildApp(server.config);
    try {
      await expect(failed.listen({ port: Number(new URL(server.url).port), host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await failed.close();
    }
    expect(await filesUnder(imagesDir())).toEqual(before);
    expect(before).toContain(orphan);
    await rm(join(imagesDir(), orphan)); // the next node to start would sweep it
  });

  it('sweeps partial uploads a crashed process left at start, and keeps uploads that can still finish', async () => {
    const tmp = join(server.dataDir, 'tmp');
    const longAgo = new Date(Date.now() - 10 * 60_000);
    const place = async (path: string, mtime?: Date) => {
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, 'partial');
      if (mtime) await utimes(path, mtime, mtime);
    };
    // A multipart upload cut off by a crash: its process's directory stopped its heartbeat.
    const crashedDir = join(tmp, 'multipart', v7());
    await place(join(crashedDir, 'cut-off.upload'));
    await utimes(crashedDir, longAgo, longAgo);
    // One from a version that kept them in tmp/ itself.
    await place(join(tmp, 'legacy.upload'), longAgo);
    // A sibling process's upload in flight: its directory is alive.
    const siblingFile = join(tmp, 'multipart', v7(), 'in-flight.upload');
    await place(siblingFile);
    // tus: files whose upload has no row (a crash in the middle of the intake)...
    const strayId = 'f'.repeat(32);
    await place(join(tmp, 'tus', strayId));
    await place(join(tmp, 'tus', `${strayId}.json`));
    // ...and an unfinished upload, which its client can still resume.
    const created = await fetch(`${server.url}${TUS_UPLOADS_PATH}`, {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        authorization: `Bearer ${user.token}`,
        'Upload-Length': '100',
        'Upload-Metadata': `filename ${btoa('a.mp4')},title ${btoa('Later')},description ${btoa('Resumed later')}`,
      },
    });
    expect(created.status).toBe(201);
    const resumable = created.headers.get('location')!.split('/').pop()!;
    const images = await filesUnder(imagesDir());

    const second = await startServer({ dialect, dataDir: server.dataDir, schema: server.schema ?? undefined });
    try {
      const left = await filesUnder(tmp);
      expect(left.filter((name) => name.endsWith('.upload'))).toEqual([join('multipart', siblingFile.split('/').slice(-2).join('/'))]);
      expect(left.filter((name) => name.startsWith('tus/')).sort()).toEqual([`tus/${resumable}`, `tus/${resumable}.json`]);
      expect(await filesUnder(imagesDir())).toEqual(images);
      // The unfinished upload resumes on the node that just started.
      const head = await fetch(`${second.url}${TUS_UPLOADS_PATH}/${resumable}`, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${user.token}` } });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe('0');
    } finally {
      await second.close();
    }
  });
});
