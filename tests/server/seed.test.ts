// `npm run seed` cut short part-way (killed once it has queued two of its six videos) is finished
// by running it again: every user, video (transcoded), comment, playlist and subscription is there
// once, and a third run adds nothing. It must not answer "Already seeded" just because the first user
// exists, which would leave the half-made data for good.
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Place, sharedPlace, spawnTs, stopProcess } from './processes.js';
import { eventually } from '../support/eventually.js';

/** The exit code once `child` has ended. */
const exitOf = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('npm run seed', () => {
  let place: Place;
  beforeAll(async () => {
    // Fast encodes, and a killed run's transcode lease runs out quickly for the next run to take it.
    place = await sharedPlace('sqlite', { TRANSCODE_PRESET: 'ultrafast', JOB_LOCK_MS: '2000' });
  });
  afterAll(() => place?.dispose());

  const counts = async () => {
    const count = async (table: 'users' | 'videos' | 'comments' | 'playlists' | 'playlist_videos' | 'subscriptions') =>
      Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(place.db.db)).rows[0]!.n);
    const ready = Number((await sql<{ n: number }>`select count(*) as n from videos where status = 'ready'`.execute(place.db.db)).rows[0]!.n);
    return {
      users: await count('users'),
      videos: await count('videos'),
      ready,
      comments: await count('comments'),
      playlists: await count('playlists'),
      playlistVideos: await count('playlist_videos'),
      subscriptions: await count('subscriptions'),
    };
  };

  it('finishes a run cut short when run again, and adds nothing over a complete seed', async () => {
    const first = spawnTs('server/seed.ts', place.env);
    await eventually(() => first.output(), { until: (output) => output.includes('Video 2/6') || first.exitCode !== null, timeout: 240_000, what: 'the seed to queue its second video' });
    await stopProcess(first, 'SIGKILL');
    const partial = await counts();
    expect(partial.users).toBe(4);
    expect(partial.videos).toBeLessThan(6);

    const second = spawnTs('server/seed.ts', place.env);
    expect(await exitOf(second), second.output()).toBe(0);
    expect(second.output()).toContain('Done: 6/6 videos ready.');
    // Four people; each video commented by the three others, with one reply from its owner; a
    // playlist of three videos each; subscriptions between names of odd total length.
    const complete = { users: 4, videos: 6, ready: 6, comments: 6 * 3 + 6, playlists: 4, playlistVideos: 12, subscriptions: 6 };
    expect(await counts()).toEqual(complete);
    // Subscribed through the use case, so the studio counts each as gained.
    const gained = await sql<{ n: number }>`select coalesce(sum(gained), 0) as n from channel_subscription_days`.execute(place.db.db);
    expect(Number(gained.rows[0]!.n)).toBe(complete.subscriptions);

    const third = spawnTs('server/seed.ts', place.env);
    expect(await exitOf(third), third.output()).toBe(0);
    expect(third.output()).toContain('nothing was missing');
    expect(await counts()).toEqual(complete);
  }, 600_000);
});
