// The clips and ladders of the browser-playback files, made while the other files run: that project
// starts once every other file is done (vitest.config.ts), and its files would otherwise make them
// then, one at a time, with nothing else to overlap. A global setup of that project only, after
// clipCache.ts: it starts the work and returns. A file asking for a clip or a ladder meanwhile waits
// for it (clips.ts' lock, ladders.ts' lock).
import { type ClipOptions, sharedClip } from '../server/clips.js';
import { runClipFolder } from '../server/clipCache.js';
import { type LadderSpec, makeLadder } from './ladders.js';

/** network.test.ts: a 720p clip whose rungs cost about what phone footage does. */
export const NETWORK_CLIP: ClipOptions = { width: 1280, height: 720, seconds: 45, noisy: true, faststart: true };
/** network.test.ts plays its whole ladder: made ahead by a server of its own (ladders.ts). */
export const NETWORK_LADDER: LadderSpec = { name: 'network', clip: NETWORK_CLIP, title: 'Phone network clip', description: 'Noisy 720p', ownerName: 'Network Owner' };
/** player.test.ts: long enough that a throttled link cannot have it all buffered. */
export const PLAYER_CLIP: ClipOptions = { width: 1280, height: 720, seconds: 60 };
/** player.test.ts: an upload browsers cannot play as it is (no audio, as a screen recorder may leave it). */
export const PLAYER_MOV_CLIP: ClipOptions = { width: 1280, height: 720, seconds: 40, audio: false, container: 'mov' };
/** phonePlayer.test.ts: room for seeks of 10 s either side. */
export const PHONE_PLAYER_CLIP: ClipOptions = { width: 640, height: 360, seconds: 40 };
/** phonePlayer.test.ts' video, with its whole ladder (the Download button picks among them all). */
export const PHONE_PLAYER_LADDER: LadderSpec = { name: 'phone-player', clip: PHONE_PLAYER_CLIP, title: 'Double tap ridge', description: 'About Double tap ridge', ownerName: 'Gesture Channel' };

export default function setup(): () => Promise<void> {
  const folder = runClipFolder();
  // One after the other, each at a low priority: they are needed only once the other files are done.
  // A failure is left to the file that asks: it makes the clip or ladder again and reports the error.
  const steps: Array<() => Promise<unknown>> = [
    () => makeLadder(folder, NETWORK_LADDER, { background: true }),
    () => sharedClip(folder, PLAYER_CLIP, { background: true }),
    () => sharedClip(folder, PLAYER_MOV_CLIP, { background: true }),
    () => makeLadder(folder, PHONE_PLAYER_LADDER, { background: true }),
  ];
  const done = steps.reduce<Promise<unknown>>((previous, step) => previous.then(() => step().catch(() => undefined)), Promise.resolve());
  return async () => void (await done);
}
