// The clips of the browser-playback files, encoded while the other files run: that project starts
// once every other file is done (vitest.config.ts), and its files would otherwise encode them then,
// one at a time, with nothing else to overlap. A global setup of that project only, after
// clipCache.ts: it starts the encodes and returns. A file asking for a clip meanwhile waits for it
// (clips.ts' lock).
import { type ClipOptions, sharedClip } from '../server/clips.js';
import { runClipFolder } from '../server/clipCache.js';

/** network.test.ts: a 720p clip whose rungs cost about what phone footage does. */
export const NETWORK_CLIP: ClipOptions = { width: 1280, height: 720, seconds: 45, noisy: true, faststart: true };
/** player.test.ts: long enough that a throttled link cannot have it all buffered. */
export const PLAYER_CLIP: ClipOptions = { width: 1280, height: 720, seconds: 60 };
/** phonePlayer.test.ts: room for seeks of 10 s either side. */
export const PHONE_PLAYER_CLIP: ClipOptions = { width: 640, height: 360, seconds: 40 };

export default function setup(): () => Promise<void> {
  // One after the other, each at a low priority: they are needed only once the other files are done.
  const encoding = [NETWORK_CLIP, PLAYER_CLIP, PHONE_PLAYER_CLIP].reduce<Promise<unknown>>(
    // A failed encode is left to the file that asks for the clip: it encodes again and reports the error.
    (previous, options) => previous.then(() => sharedClip(runClipFolder(), options, { background: true }).catch(() => undefined)),
    Promise.resolve(),
  );
  return async () => void (await encoding);
}
