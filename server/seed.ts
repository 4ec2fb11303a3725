// `npm run seed`: demo users with avatars and covers, short videos generated with ffmpeg
// (test patterns with a tone) and pushed through the real upload pipeline (checks, thumbnail,
// transcoding jobs), then comments, playlists and subscriptions. Honours DATA_DIR, DATABASE_URL,
// S3_* and REDIS_URL like the server. Running it twice does nothing the second time.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { Server } from 'socket.io';
import { hashPassword } from './auth/passwords.js';
import { loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/kysely.js';
import { createRepositories } from './db/repositories/index.js';
import { createJobQueue } from './jobs/queue.js';
import type { JobLogger } from './jobs/types.js';
import { mediaTools } from './media/ffmpeg.js';
import { storeImage } from './media/images.js';
import { ingestVideo } from './videos/ingest.js';
import { createStorage } from './media/storage.js';
import { transcodeJobId } from './media/videoFiles.js';
import { createLiveEvents } from './realtime/live.js';
import { RedisLink } from './redis/redisLink.js';

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
const db = openDatabase(config);
await migrateToLatest(db);
const repos = createRepositories(db, config);
const { users } = repos;

if (await users.findByUsername(PEOPLE[0].username)) {
  console.log(`Already seeded (user '${PEOPLE[0].username}' exists in ${config.databaseUrl ? 'DATABASE_URL' : config.sqliteFile}); nothing to do.`);
  await db.close();
  process.exit(0);
}

const storage = createStorage(config);
const io = new Server(); // no clients: progress events go nowhere
const redis = config.redisUrl ? new RedisLink(config.redisUrl, log) : null;
const jobs = createJobQueue({ config, repos, storage, live: createLiveEvents(io), log, redis }, { process: true });
await jobs.start();
const workDir = await mkdtemp(join(tmpdir(), 'vidshare-seed-'));

try {
  console.log(`Seeding ${config.databaseUrl ? 'DATABASE_URL' : config.sqliteFile}, media in ${config.s3 ? `s3://${config.s3.bucket}` : config.mediaDir}`);
  const passwordHash = await hashPassword(PASSWORD);
  const ids = {} as Record<Person, string>;
  for (const person of PEOPLE) {
    const avatar = await storeImage(storage, 'avatar', await picture(256, 256, person.colors, true), 'Avatar');
    const coverImage = await storeImage(storage, 'cover', await picture(1600, 400, [...person.colors].reverse(), false), 'Cover image');
    const user = await users.create({ username: person.username, email: `${person.username}@vidshare.test`, fullName: person.fullName, passwordHash, avatar, coverImage });
    await users.updateDetails(user.id, { bio: person.bio });
    ids[person.username] = user.id;
  }
  console.log(`Users: ${PEOPLE.map((person) => `${person.username}@vidshare.test`).join(', ')} (password '${PASSWORD}')`);

  const videoIds: string[] = [];
  for (const [index, video] of VIDEOS.entries()) {
    const sourcePath = await generateClip(workDir, index, video);
    videoIds.push(await ingestVideo({ config, repos, storage, jobs }, { ownerId: ids[video.owner], title: video.title, description: video.description, sourcePath }));
    console.log(`Video ${index + 1}/${VIDEOS.length}: ${video.title} (${video.size}, ${video.seconds} s), transcoding queued`);
  }

  const { comments } = repos;
  for (const [index, videoId] of videoIds.entries()) {
    const owner = VIDEOS[index]!.owner;
    const others = PEOPLE.filter((person) => person.username !== owner);
    for (const [n, person] of others.entries()) {
      const created = await comments.create({ videoId, ownerId: ids[person.username], parentId: null, content: COMMENTS[(index + n) % COMMENTS.length]! });
      if (n === 0 && created !== 'no-video' && created !== 'no-parent') {
        await comments.create({ videoId, ownerId: ids[owner], parentId: created, content: 'Thanks for watching!' });
      }
    }
  }

  const { playlists } = repos;
  for (const [index, person] of PEOPLE.entries()) {
    const playlistId = await playlists.create(ids[person.username], `${person.fullName.split(' ')[0]}'s favourites`, 'Test patterns worth watching twice.');
    for (const offset of [1, 2, 3]) await playlists.addVideo(playlistId, videoIds[(index + offset) % videoIds.length]!);
  }

  const { subscriptions } = repos;
  for (const subscriber of PEOPLE) {
    for (const channel of PEOPLE) {
      if (subscriber.username !== channel.username && (subscriber.username.length + channel.username.length) % 2 === 1) {
        await subscriptions.toggle(ids[subscriber.username], ids[channel.username]);
      }
    }
  }
  console.log('Comments, playlists and subscriptions added; waiting for transcoding...');

  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const pending = await repos.jobs.countUnfinished(videoIds.map(transcodeJobId));
    if (pending === 0) break;
    if (Date.now() > deadline) throw new Error(`${pending} transcoding jobs still pending after 15 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const cards = await Promise.all(videoIds.map((id) => repos.videos.findCard(id)));
  console.log(`Done: ${cards.filter((card) => card?.status === 'ready').length}/${videoIds.length} videos ready.`);
} finally {
  await jobs.stop();
  await redis?.close();
  await rm(workDir, { recursive: true, force: true });
  await db.close();
}
