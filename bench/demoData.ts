// The seeded data the page benches (Lighthouse, the phone tap) serve: `npm run seed`'s demo videos,
// with real renditions, in a throw-away data folder, and the video of theirs with the most rungs.
import { execFileSync } from 'node:child_process';

/** Seeds `dataDir` and returns the environment every server of the bench starts with (SQLite, no Redis or S3). */
export function seedDemoData(dataDir: string): Record<string, string | undefined> {
  const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, REDIS_URL: undefined, S3_ENDPOINT: undefined, LOG_LEVEL: 'error' };
  execFileSync(process.execPath, ['--import', 'tsx', 'server/seed.ts'], { env: { ...process.env, ...env } as NodeJS.ProcessEnv, stdio: 'ignore' });
  return env;
}

/** The feed's first-page video with the most renditions (the watch page both benches open). */
export async function richestVideo(appUrl: string): Promise<{ _id: string; qualities: number[] }> {
  const feed = (await (await fetch(`${appUrl}/api/v1/videos/all-videos?page=1`)).json()) as { data: { videos: { _id: string }[] } };
  let richest: { _id: string; qualities: number[] } | undefined;
  for (const card of feed.data.videos) {
    const video = (await (await fetch(`${appUrl}/api/v1/videos/${card._id}`)).json()) as { data: { _id: string; qualities: number[] } };
    if (video.data.qualities.length > (richest?.qualities.length ?? 0)) richest = video.data;
  }
  if (!richest) throw new Error('the seed left no video with renditions');
  return richest;
}
