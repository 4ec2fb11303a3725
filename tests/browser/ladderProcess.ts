// Makes one ladder of ladders.ts: `node --import tsx tests/browser/ladderProcess.ts <clip folder> <spec as JSON>`.
// Starts the real server on the ladder's data dir, registers the uploader, uploads the clip through
// the API, waits until every rung is made, closes the server and writes ladder.json. Exits at once
// when another live process holds the ladder's lock.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sharedClip } from '../server/clips.js';
import { uploadVideo } from '../server/mediaFixtures.js';
import { call, registerUser, startServer } from '../support/server.js';
import { beingMade, type Ladder, type LadderSpec, ladderFolder, ladderLock, ladderManifest } from './ladders.js';

const [cacheDir, specJson] = process.argv.slice(2);
const spec = JSON.parse(specJson!) as LadderSpec;
const folder = ladderFolder(cacheDir!, spec.name);
const lock = ladderLock(folder);

async function takeLock(): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'pid'), String(process.pid));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await beingMade(folder)) return false;
      // Left by a process that died: taken over once.
      await rm(lock, { recursive: true, force: true });
    }
  }
  return false;
}

if (await takeLock()) {
  try {
    const clip = await sharedClip(cacheDir!, spec.clip);
    const dataDir = join(folder, 'data');
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir, { recursive: true });
    const server = await startServer({ dataDir });
    try {
      const owner = await registerUser(server, { fullName: spec.ownerName });
      const video = { bytes: await readFile(clip), type: 'video/mp4', name: 'clip.mp4' };
      const upload = await uploadVideo(server, owner.token, { title: spec.title, description: spec.description, video });
      if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${JSON.stringify(upload.body)}`);
      const videoId = upload.body.data._id as string;
      const deadline = Date.now() + 600_000;
      for (;;) {
        const { status, pendingQualities } = (await call(server, 'GET', `/videos/${videoId}`)).body.data;
        if (status === 'ready' && pendingQualities?.length === 0) break;
        if (status === 'failed') throw new Error('the transcode failed');
        if (Date.now() > deadline) throw new Error(`the upload is still ${status}, pending ${pendingQualities}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const ladder: Ladder = { dataDir, videoId, owner };
      await writeFile(`${ladderManifest(folder)}.partial`, JSON.stringify(ladder));
    } finally {
      await server.close();
    }
    await rename(`${ladderManifest(folder)}.partial`, ladderManifest(folder));
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
// Nothing of the closed server may keep the process alive (the waiting file polls for its exit).
process.exit(0);
