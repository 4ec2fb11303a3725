// `npm run seed`: demo users with avatars and covers, short videos generated with ffmpeg
// (test patterns with a tone) and pushed through the real upload pipeline (checks, thumbnail,
// transcoding jobs), then comments, playlists and subscriptions. Honours DATA_DIR, DATABASE_URL,
// S3_* and REDIS_URL like the server. Each piece is added only when missing, so a run cut short
// (a crash, Ctrl+C) is finished by running it again, and a run over a complete seed adds nothing.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { hashPassword } from './auth/passwords.js';
import { loadConfig } from './config.js';
import { closeProcess, composeProcess } from './composition.js';
import type { JobLogger, JobQueue } from './jobs/types.js';
import { mediaTools } from './media/ffmpeg.js';
import { storeImage } from './media/images.js';
import { ingestVideo } from './useCases/ingest.js';
import { toggleSubscription } from './useCases/subscriptions.js';
import { transcodeJobId } from './media/videoFiles.js';

const PASSWORD = 'vidshare-demo';

const PEOPLE = [
  { username: 'ada', fullName: 'Ada Lovelace', colors: ['#7e57c2', '#26c6da'], bio: 'Notes on engines, analytical and otherwise.' },
  { username: 'grace', fullName: 'Grace Hopper', colors: ['#ef5350', '#ffca28'], bio: 'Debugging since 1947.' },
  { username: 'alan', fullName: 'Alan Turing', colors: ['#66bb6a', '#29b6f6'], bio: 'Patterns, morphogenesis and machines.' },
  { username: 'linus', fullName: 'Linus Torvalds', colors: ['#ffa726', '#8d6e63'], bio: 'Just a hobby, won\'t be big and professional.' },
] as const;

type Person = (typeof PEOPLE)[number]['username'];

/** lavfi sources: each video is a few seconds of a test pattern with a tone. */
const VIDEOS: { owner: Person; title: string; description: string; source: string; size: string; seconds: number; tone: number }[] = [
  { owner: 'ada', title: 'Colour bars, explained', description: 'What every stripe of the HD test card is for.', source: 'smptehdbars', size: '1280x720', seconds: 6, tone: 440 },
  { owner: 'ada', title: 'The Mandelbrot set, slowly', description: 'A gentle zoom into the edge of the set.', source: 'mandelbrot', size: '854x480', seconds: 5, tone: 330 },
  { owner: 'grace', title: 'Moving test pattern', description: 'The classic testsrc2 pattern, with its counter and colour ramp.', source: 'testsrc2', size: '854x480', seconds: 5, tone: 523 },
  { owner: 'alan', title: 'Game of Life in colour', description: 'Conway\'s rules on a 640x360 torus.', source: 'life=mold=10:ratio=0.1:death_color=#C83232:life_color=#00ff00', size: '640x360', seconds: 5, tone: 262 },
  { owner: 'alan', title: 'Rule 110, the universal automaton', description: 'One line at a time, scrolling.', source: 'cellauto=rule=110', size: '640x360', seconds: 4, tone: 392 },
  { owner: 'linus', title: 'Release day countdown', description: 'The plain testsrc pattern: a counter and a sweep.', source: 'testsrc', size: '640x360', seconds: 4, tone: 587 },
];

const COMMENTS = ['This is exactly what I was looking for.', 'Great explanation, thank you!', 'Could you do a longer version?', 'The audio tone is oddly relaxing.', 'Saved to my playlist.'];

const run = promisify(execFile);
const log: JobLogger = {
  info: (_details, message) => message && console.log(message),
  warn: (details, message) => console.warn(message ?? '', JSON.stringify(details)),
  error: (details, message) => console.error(message ?? '', JSON.stringify(details)),
};

async function picture(width: number, height: number, [from, to]: readonly string[], round: boolean): Promise<Buffer> {
  const shape = round ? `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 2}" fill="url(#g)"/>` : `<rect width="100%" height="100%" fill="url(#g)"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>${shape}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function generateClip(dir: string, index: number, video: (typeof VIDEOS)[number]): Promise<string> {
  const path = join(dir, `seed-${index}.mp4`);
  const [name, options] = video.source.split(/=(.*)/s);
  const source = `${name}=${options ? `${options}:` : ''}size=${video.size}:rate=25`;
  await run(mediaTools(config).ffmpeg, [
    '-hide_banner', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', source,
    '-f', 'lavfi', '-i', `sine=frequency=${video.tone}:sample_rate=48000`,
    '-t', String(video.seconds),
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac',
    path,
  ]);
  return path;
}

const config = loadConfig();
// Runs its own transcodes; their events bump the read cache and make the new-video notifications,
// as the worker's do (its live events go nowhere: no clients).
const seeder = await composeProcess('seed', config, log);
const { core, jobs } = seeder;
const { repos, storage } = core;
const { users, videos, comments, playlists, subscriptions } = repos;
const EVERYTHING = { limit: 1000, offset: 0 };
let added = 0;

/** The demo users by username, creating those missing (with their pictures and bio). */
async function ensureUsers(): Promise<Record<Person, string>> {
  const ids = {} as Record<Person, string>;
  let passwordHash: string | null = null;
  for (const person of PEOPLE) {
    let user = await users.findByUsername(person.username);
    if (!user) {
      passwordHash ??= await hashPassword(PASSWORD, config.passwordHashing);
      const avatar = await storeImage(storage, 'avatar', await picture(256, 256, person.colors, true), 'Avatar');
      const coverImage = await storeImage(storage, 'cover', await picture(1600, 400, [...person.colors].reverse(), false), 'Cover image');
      user = await users.create({ username: person.username, email: `${person.username}@vidshare.test`, fullName: person.fullName, passwordHash, avatar, coverImage });
      added += 1;
    }
    if (!user.bio) await users.updateDetails(user.id, { bio: person.bio });
    ids[person.username] = user.id;
  }
  console.log(`Users: ${PEOPLE.map((person) => `${person.username}@vidshare.test`).join(', ')} (password '${PASSWORD}')`);
  return ids;
}

/**
 * The demo videos' ids in VIDEOS order. A missing one is generated and ingested; one left
 * processing without a queued or running transcode (its run stopped between the two) is queued again.
 */
async function ensureVideos(ids: Record<Person, string>, jobs: JobQueue, workDir: string): Promise<string[]> {
  const videoIds: string[] = [];
  for (const [index, video] of VIDEOS.entries()) {
    const ownerId = ids[video.owner];
    const existing = (await videos.uploadedBy(ownerId, EVERYTHING, { allStatuses: true })).find((card) => card.title === video.title);
    if (existing) {
      videoIds.push(existing.id);
      if (existing.status === 'processing' && (await repos.jobs.countUnfinished([transcodeJobId(existing.id)])) === 0) {
        await jobs.enqueue('transcode', { videoId: existing.id }, { id: transcodeJobId(existing.id) });
        console.log(`Video ${index + 1}/${VIDEOS.length}: ${video.title} was never transcoded, transcoding queued`);
      }
      continue;
    }
    const sourcePath = await generateClip(workDir, index, video);
    videoIds.push(await ingestVideo({ config, repos, storage, jobs, events: core.events }, { ownerId, title: video.title, description: video.description, sourcePath }));
    added += 1;
    console.log(`Video ${index + 1}/${VIDEOS.length}: ${video.title} (${video.size}, ${video.seconds} s), transcoding queued`);
  }
  return videoIds;
}

/** A comment by `ownerId` with this text (under `parentId`), unless it is there already; its id. */
async function ensureComment(videoId: string, ownerId: string, content: string, parentId: string | null): Promise<string | null> {
  const present = (await comments.listForVideo(videoId, EVERYTHING)).find((row) => row.owner_id === ownerId && row.content === content && row.parent_id === parentId);
  if (present) return present.id;
  const created = await comments.create({ videoId, ownerId, parentId, content });
  if (created === 'no-video' || created === 'no-parent') return null;
  added += 1;
  return created;
}

async function ensureComments(ids: Record<Person, string>, videoIds: string[]): Promise<void> {
  for (const [index, videoId] of videoIds.entries()) {
    const owner = VIDEOS[index]!.owner;
    const others = PEOPLE.filter((person) => person.username !== owner);
    for (const [n, person] of others.entries()) {
      const commentId = await ensureComment(videoId, ids[person.username], COMMENTS[(index + n) % COMMENTS.length]!, null);
      if (n === 0 && commentId) await ensureComment(videoId, ids[owner], 'Thanks for watching!', commentId);
    }
  }
}

async function ensurePlaylists(ids: Record<Person, string>, videoIds: string[]): Promise<void> {
  for (const [index, person] of PEOPLE.entries()) {
    const ownerId = ids[person.username];
    const name = `${person.fullName.split(' ')[0]}'s favourites`;
    let playlistId = (await playlists.listByOwner(ownerId, EVERYTHING)).find((playlist) => playlist.name === name)?.id;
    if (!playlistId) {
      playlistId = await playlists.create(ownerId, name, 'Test patterns worth watching twice.');
      added += 1;
    }
    for (const offset of [1, 2, 3]) {
      if ((await playlists.addVideo(playlistId, videoIds[(index + offset) % videoIds.length]!)) === 'added') added += 1;
    }
  }
}

async function ensureSubscriptions(ids: Record<Person, string>): Promise<void> {
  for (const subscriber of PEOPLE) {
    for (const channel of PEOPLE) {
      if (subscriber.username === channel.username || (subscriber.username.length + channel.username.length) % 2 === 0) continue;
      // The toggle flips: only when not subscribed yet, or a second run would unsubscribe. Through the
      // use case, so the studio counts the new subscriber as a real one would be.
      if (!(await subscriptions.isSubscribed(ids[subscriber.username], ids[channel.username]))) {
        await toggleSubscription({ repos, events: core.events }, { subscriberId: ids[subscriber.username], channelId: ids[channel.username] });
        added += 1;
      }
    }
  }
}

await jobs.start();
const workDir = await mkdtemp(join(tmpdir(), 'vidshare-seed-'));

try {
  console.log(`Seeding ${config.databaseUrl ? 'DATABASE_URL' : config.sqliteFile}, media in ${config.s3 ? `s3://${config.s3.bucket}` : config.mediaDir}`);
  const ids = await ensureUsers();
  const videoIds = await ensureVideos(ids, jobs, workDir);
  await ensureComments(ids, videoIds);
  await ensurePlaylists(ids, videoIds);
  await ensureSubscriptions(ids);
  console.log(added ? 'Comments, playlists and subscriptions in place; waiting for transcoding...' : 'Already seeded: nothing was missing. Waiting for any transcoding left...');

  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const pending = await repos.jobs.countUnfinished(videoIds.map(transcodeJobId));
    if (pending === 0) break;
    if (Date.now() > deadline) throw new Error(`${pending} transcoding jobs still pending after 15 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const cards = await Promise.all(videoIds.map((id) => videos.findCard(id)));
  console.log(`Done: ${cards.filter((card) => card?.status === 'ready').length}/${videoIds.length} videos ready.`);
} finally {
  await closeProcess(seeder);
  await rm(workDir, { recursive: true, force: true });
}
