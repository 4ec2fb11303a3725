// Writes that nothing reacts to yet still go through a use case and publish their domain event:
// a subscriber added later (a cache, a live event) hears every one of them. The bus resolves a
// publish after its subscribers, so an event is recorded by the time its answer arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUS_UPLOADS_PATH } from '../../contract/offline.js';
import type { DomainEventName, DomainEvents } from '../../server/domain/events.js';
import { blobOf, call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';
import { makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';

const clip = makeClip('tus.mp4', { width: 320, height: 180, seconds: 2 });

const HEARD = [
  'user.registered',
  'notifications.preferencesChanged',
  'channel.bellToggled',
  'playlist.created',
  'playlist.edited',
  'playlist.deleted',
  'playlist.videoAdded',
  'playlist.videoRemoved',
  'history.videoWatched',
  'history.positionSaved',
  'history.videoRemoved',
  'history.cleared',
  'caption.added',
  'caption.removed',
  'upload.begun',
  'upload.refused',
  'upload.abandoned',
  'video.uploaded',
  'analytics.heartbeatsRecorded',
] as const satisfies readonly DomainEventName[];

type Heard = { [E in (typeof HEARD)[number]]: { event: E; payload: DomainEvents[E] } }[(typeof HEARD)[number]];

describe('domain events of the plain writes', () => {
  let server: TestServer;
  let owner: TestUser;
  let viewer: TestUser;
  const heard: Heard[] = [];

  beforeAll(async () => {
    server = await startServer();
    const record = <E extends (typeof HEARD)[number]>(event: E) => server.app.events.on(event, 'writeEvents.test', (payload) => void heard.push({ event, payload } as Heard));
    for (const event of HEARD) record(event);
    owner = await registerUser(server);
    viewer = await registerUser(server);
  });
  afterAll(() => server?.close());

  /** What `act` made the bus publish (of the events above), in order. */
  async function publishedBy(act: () => Promise<unknown>): Promise<Heard[]> {
    const from = heard.length;
    await act();
    return heard.slice(from);
  }

  it('registering publishes user.registered with the new id', async () => {
    let user: TestUser | undefined;
    const events = await publishedBy(async () => (user = await registerUser(server)));
    expect(events).toEqual([{ event: 'user.registered', payload: { userId: user!.id } }]);
  });

  it('notification preferences and the channel bell publish theirs; a refused bell publishes nothing', async () => {
    const userId = viewer.id;
    expect(await publishedBy(() => call(server, 'PATCH', '/notifications/preferences', { token: viewer.token, json: { newVideo: false } }))).toEqual([
      { event: 'notifications.preferencesChanged', payload: { userId } },
    ]);

    const notSubscribed = await publishedBy(async () => {
      expect((await call(server, 'PATCH', `/subscription/notify/${owner.id}`, { token: viewer.token, json: { notify: true } })).status).toBe(409);
    });
    expect(notSubscribed).toEqual([]);
    await call(server, 'POST', `/subscription/toggle/sub/${owner.id}`, { token: viewer.token });
    expect(await publishedBy(() => call(server, 'PATCH', `/subscription/notify/${owner.id}`, { token: viewer.token, json: { notify: false } }))).toEqual([
      { event: 'channel.bellToggled', payload: { channelId: owner.id, subscriberId: userId, notify: false } },
    ]);
  });

  it('each playlist write publishes its event; a refusal publishes nothing', async () => {
    const videoId = await insertVideo(server, owner.id);
    let playlistId = '';
    const created = await publishedBy(async () => {
      const answer = await call(server, 'POST', '/playlist/create', { token: owner.token, json: { name: 'Evening', description: 'Calm' } });
      expect(answer.status).toBe(201);
      playlistId = answer.body.data._id;
    });
    const ownerId = owner.id;
    expect(created).toEqual([{ event: 'playlist.created', payload: { playlistId, ownerId } }]);

    const refused = await publishedBy(async () => {
      expect((await call(server, 'PATCH', `/playlist/${playlistId}`, { token: viewer.token, json: { name: 'Mine now' } })).status).toBe(403);
      expect((await call(server, 'POST', '/playlist/create', { token: owner.token, json: { name: '' } })).status).toBe(400);
    });
    expect(refused).toEqual([]);

    const changed = await publishedBy(async () => {
      expect((await call(server, 'PATCH', `/playlist/${playlistId}`, { token: owner.token, json: { name: 'Night' } })).status).toBe(200);
      expect((await call(server, 'PATCH', `/playlist/add/${videoId}/${playlistId}`, { token: owner.token })).status).toBe(200);
      expect((await call(server, 'PATCH', `/playlist/add/${videoId}/${playlistId}`, { token: owner.token })).status).toBe(409);
      expect((await call(server, 'PATCH', `/playlist/remove/${videoId}/${playlistId}`, { token: owner.token })).status).toBe(200);
      expect((await call(server, 'DELETE', `/playlist/${playlistId}`, { token: owner.token })).status).toBe(200);
    });
    expect(changed).toEqual([
      { event: 'playlist.edited', payload: { playlistId, ownerId } },
      { event: 'playlist.videoAdded', payload: { playlistId, ownerId, videoId } },
      { event: 'playlist.videoRemoved', payload: { playlistId, ownerId, videoId } },
      { event: 'playlist.deleted', payload: { playlistId, ownerId } },
    ]);
  });

  it('each watch-history write publishes its event', async () => {
    const videoId = await insertVideo(server, owner.id, { duration: 10 });
    const userId = viewer.id;
    let watchedAt = '';
    const events = await publishedBy(async () => {
      watchedAt = (await call(server, 'POST', `/watch-history/add/${videoId}`, { token: viewer.token })).body.data.watchedAt;
      expect((await call(server, 'PATCH', `/watch-history/position/${videoId}`, { token: viewer.token, json: { position: 12 } })).body.data.position).toBe(10);
      expect((await call(server, 'PATCH', `/watch-history/position/${videoId}`, { token: viewer.token, json: { position: 60 } })).status).toBe(400);
      await call(server, 'DELETE', `/watch-history/delete/${videoId}`, { token: viewer.token });
      await call(server, 'POST', `/watch-history/add/${videoId}`, { token: viewer.token });
      await call(server, 'DELETE', '/watch-history/delete/all/watch-history', { token: viewer.token });
    });
    expect(events.map((entry) => entry.event)).toEqual(['history.videoWatched', 'history.positionSaved', 'history.videoRemoved', 'history.videoWatched', 'history.cleared']);
    expect(events[0]).toEqual({ event: 'history.videoWatched', payload: { userId, videoId, watchedAt } });
    expect(events[1]).toEqual({ event: 'history.positionSaved', payload: { userId, videoId, position: 10 } });
    expect(events[2]).toEqual({ event: 'history.videoRemoved', payload: { userId, videoId } });
    expect(events[4]).toEqual({ event: 'history.cleared', payload: { userId, deletedCount: 1 } });
  });

  it('adding and deleting a caption track publish theirs; a stranger publishes nothing', async () => {
    const videoId = await insertVideo(server, owner.id);
    const form = () => {
      const body = new FormData();
      body.set('file', blobOf(Buffer.from('WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello\n'), 'text/vtt'), 'captions.vtt');
      body.set('language', 'EN');
      body.set('label', 'English');
      return body;
    };
    expect(await publishedBy(async () => expect((await call(server, 'POST', `/videos/${videoId}/captions`, { token: viewer.token, form: form() })).status).toBe(403))).toEqual([]);
    let captionId = '';
    const events = await publishedBy(async () => {
      const added = await call(server, 'POST', `/videos/${videoId}/captions`, { token: owner.token, form: form() });
      expect(added.status).toBe(201);
      captionId = added.body.data._id;
      expect((await call(server, 'DELETE', `/videos/${videoId}/captions/${captionId}`, { token: owner.token })).status).toBe(200);
    });
    expect(events).toEqual([
      { event: 'caption.added', payload: { videoId, captionId, language: 'en' } },
      { event: 'caption.removed', payload: { videoId, captionId } },
    ]);
  });

  it('a tus upload publishes upload.begun, then upload.refused (bytes that are no video) or upload.abandoned', async () => {
    const tusHeaders = { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${owner.token}` };
    const fields = { filename: 'trip.mp4', title: 'Given up', description: 'Never finished' };
    const metadata = Object.entries(fields)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
    const create = async () => {
      const created = await fetch(`${server.url}${TUS_UPLOADS_PATH}`, { method: 'POST', headers: { ...tusHeaders, 'Upload-Length': '4000', 'Upload-Metadata': metadata } });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      return { location, uploadId: location.split('/').pop()! };
    };
    let given = { location: '', uploadId: '' };
    expect(await publishedBy(async () => (given = await create()))).toEqual([{ event: 'upload.begun', payload: { uploadId: given.uploadId, userId: owner.id, size: 4000 } }]);
    const abandoned = await publishedBy(async () => expect((await fetch(`${server.url}${given.location}`, { method: 'DELETE', headers: tusHeaders })).status).toBe(204));
    expect(abandoned).toEqual([{ event: 'upload.abandoned', payload: { uploadId: given.uploadId, userId: owner.id } }]);

    const junk = await create();
    const refused = await publishedBy(async () => {
      const patch = await fetch(`${server.url}${junk.location}`, {
        method: 'PATCH',
        headers: { ...tusHeaders, 'Upload-Offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(4000),
      });
      expect(patch.status).toBe(415);
    });
    expect(refused).toEqual([{ event: 'upload.refused', payload: { uploadId: junk.uploadId, status: 415, message: expect.stringMatching(/^Video file must be/) } }]);
  });

  it('an upload publishes video.uploaded once its transcoding is queued', async () => {
    let videoId = '';
    const events = await publishedBy(async () => {
      const answer = await uploadVideo(server, owner.token, await mp4Upload(await clip, 'Uploaded'));
      expect(answer.status).toBe(201);
      videoId = answer.body.data._id;
    });
    expect(events).toEqual([{ event: 'video.uploaded', payload: { videoId, ownerId: owner.id } }]);
    await waitForVideo(server.app.repos, videoId); // its transcode finishes before the server closes
  });

  it('heartbeats publish analytics.heartbeatsRecorded with the new ones only; a repeat publishes nothing', async () => {
    const videoId = await insertVideo(server, owner.id, { duration: 60 });
    const beat = { id: `beat-${Date.now().toString(36)}`, videoId, playbackId: 'playback-events', ranges: [[0, 10]], source: 'home', device: 'phone' };
    const send = () => call(server, 'POST', '/analytics/heartbeats', { json: { heartbeats: [beat] } });
    expect(await publishedBy(async () => expect((await send()).status).toBe(200))).toEqual([{ event: 'analytics.heartbeatsRecorded', payload: { accepted: 1 } }]);
    expect(await publishedBy(async () => expect((await send()).body.data).toEqual({ accepted: 0, ignored: 1 }))).toEqual([]);
  });
});
