// Edit after upload: the owner changes title, description and thumbnail (a file or a
// frame of the video) through PATCH /videos/{id}; open pages hear of it live; no orphan images.
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveEvent, type LiveEventPayloads, RoomCommand } from '../../contract/events.js';
import { videoRoom } from '../../server/realtime/live.js';
import { blobOf, call, databases, pngBytes, registerUser, startServer, type TestUser } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { closeSocketsAfterEach, connectLive } from './liveFixtures.js';
import { filesUnder, makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';

closeSocketsAfterEach();

const clip = makeClip('edit.mp4', { width: 320, height: 240, seconds: 2, audio: false });

describe.each(databases)('editing a video on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let owner: TestUser;
  let other: TestUser;
  let videoId: string;
  beforeAll(async () => {
    server = await startServer({ dialect });
    owner = await registerUser(server);
    other = await registerUser(server);
    const upload = await uploadVideo(server, owner.token, await mp4Upload(await clip, 'Before'));
    expect(upload.status).toBe(201);
    videoId = upload.body.data._id;
    await waitForVideo(server.app.repos, videoId);
  });
  afterAll(() => server?.close());

  const images = async () => (await filesUnder(join(server.dataDir, 'media'))).filter((path) => path.startsWith('images/'));
  const thumbnailOf = async () => (await server.app.repos.videoMedia.find(videoId))!.thumbnail;
  const patchForm = (user: TestUser, fill: (form: FormData) => void) => {
    const form = new FormData();
    fill(form);
    return call(server, 'PATCH', `/videos/${videoId}`, { token: user.token, form });
  };
  /** The stored thumbnail's pixel at the centre, to tell pictures apart. */
  const centreColour = async () => {
    const image = sharp(join(server.dataDir, 'media', 'images', await thumbnailOf()));
    const { width, height } = await image.metadata();
    const { data } = await image.extract({ left: Math.floor(width! / 2), top: Math.floor(height! / 2), width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    return [...data.subarray(0, 3)];
  };

  async function watcher(): Promise<LiveEventPayloads['video-updated'][]> {
    const socket = await connectLive(server);
    const seen: LiveEventPayloads['video-updated'][] = [];
    socket.on(LiveEvent.videoUpdated, (payload) => seen.push(payload));
    socket.emit(RoomCommand.joinVideo, videoId);
    await eventually(async () => (await server.app.io.in(videoRoom(videoId)).fetchSockets()).some((s) => s.id === socket.id), { what: 'video room' });
    return seen;
  }

  it('edits title and description as JSON, and tells the open watch page live', async () => {
    const live = await watcher();
    const edited = await call(server, 'PATCH', `/videos/${videoId}`, { token: owner.token, json: { title: ' After ', description: 'Now with words' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: 'Video updated successfully', data: { _id: videoId, title: 'After', description: 'Now with words' } });
    await eventually(() => live.length === 1, { what: 'video-updated' });
    expect(live[0]).toEqual({
      videoId,
      title: 'After',
      description: 'Now with words',
      thumbnail: edited.body.data.thumbnail,
      updatedAt: edited.body.data.updatedAt,
    });
    expect((await call(server, 'GET', `/videos/${videoId}`)).body.data.title).toBe('After');
  });

  it('replaces the thumbnail with a picked file, removing the old image', async () => {
    const before = await thumbnailOf();
    expect(before).not.toBe('');
    const live = await watcher();
    const edited = await patchForm(owner, (form) => {
      form.set('title', 'With a red picture');
      form.set('thumbnail', blobOf(new Uint8Array(0), 'image/png'), 'empty.png');
    });
    // An empty file input counts as no file: only the title changed.
    expect(edited.status).toBe(200);
    expect(await thumbnailOf()).toBe(before);

    const red = await pngBytes(320, 180, '#ff0000');
    const replaced = await patchForm(owner, (form) => form.set('thumbnail', blobOf(red, 'image/png'), 'red.png'));
    expect(replaced.status).toBe(200);
    const after = await thumbnailOf();
    expect(after).not.toBe(before);
    expect(replaced.body.data.thumbnail).toContain(after);
    expect(replaced.body.data.title).toBe('With a red picture');
    expect(await images()).not.toContain(`images/${before}`);
    expect(await images()).toContain(`images/${after}`);
    const [r, g, b] = await centreColour();
    expect(r).toBeGreaterThan(200);
    expect(g! + b!).toBeLessThan(60);
    await eventually(() => live.length === 2, { what: 'video-updated for the thumbnail' });
    expect(live[1]!.thumbnail).toBe(replaced.body.data.thumbnail);
  });

  it('takes the thumbnail from a frame of the video at thumbnailAt', async () => {
    const before = await thumbnailOf();
    const edited = await call(server, 'PATCH', `/videos/${videoId}`, { token: owner.token, json: { thumbnailAt: 1.5 } });
    expect(edited.status).toBe(200);
    const after = await thumbnailOf();
    expect(after).not.toBe(before);
    expect(await images()).not.toContain(`images/${before}`);
    // testsrc is not red at its centre: this is a frame, not the picture from before.
    const [r, g, b] = await centreColour();
    expect(g! + b!).toBeGreaterThan(60);
    expect(r).toBeGreaterThanOrEqual(0);
    // The same through a multipart form.
    const viaForm = await patchForm(owner, (form) => form.set('thumbnailAt', '0.5'));
    expect(viaForm.status).toBe(200);
    expect(await thumbnailOf()).not.toBe(after);
    expect(await images()).toHaveLength(1 + 2); // the two avatars and this thumbnail
  });

  it('refuses bad edits and other users without writing anything or leaving files', async () => {
    const before = { thumbnail: await thumbnailOf(), files: await images(), title: (await call(server, 'GET', `/videos/${videoId}`)).body.data.title };
    const red = await pngBytes(64, 64, '#ff0000');
    const refused = [
      [403, await patchForm(other, (form) => form.set('thumbnail', blobOf(red, 'image/png'), 'red.png'))],
      [403, await call(server, 'PATCH', `/videos/${videoId}`, { token: other.token, json: { thumbnailAt: 1 } })],
      [401, await call(server, 'PATCH', `/videos/${videoId}`, { json: { thumbnailAt: 1 } })],
      [400, await call(server, 'PATCH', `/videos/${videoId}`, { token: owner.token, json: { thumbnailAt: 99 } })],
      [400, await call(server, 'PATCH', `/videos/${videoId}`, { token: owner.token, json: { thumbnailAt: -1 } })],
      [400, await patchForm(owner, (form) => form.set('thumbnailAt', 'soon'))],
      [400, await patchForm(owner, (form) => {
        form.set('thumbnailAt', '1');
        form.set('thumbnail', blobOf(red, 'image/png'), 'red.png');
      })],
      [400, await patchForm(owner, (form) => form.set('title', ' '))],
      [400, await patchForm(owner, () => undefined)],
      [415, await patchForm(owner, (form) => form.set('thumbnail', blobOf(Buffer.from('not an image at all'), 'image/png'), 'fake.png'))],
      [413, await patchForm(owner, (form) => form.set('thumbnail', blobOf(Buffer.alloc(6 * 1024 * 1024), 'image/png'), 'huge.png'))],
      [400, await patchForm(owner, (form) => form.set('poster', blobOf(red, 'image/png'), 'red.png'))],
    ] as const;
    for (const [status, result] of refused) {
      expect({ status: result.status, success: result.body.success }).toEqual({ status, success: false });
    }
    expect(await thumbnailOf()).toBe(before.thumbnail);
    expect(await images()).toEqual(before.files);
    expect((await call(server, 'GET', `/videos/${videoId}`)).body.data.title).toBe(before.title);
    expect(await filesUnder(join(server.dataDir, 'tmp'))).toEqual([]);
  });
});
