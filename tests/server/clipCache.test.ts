// The run's clip cache (clipCache.ts behind mediaFixtures.ts' makeClip): every file asking for the
// same clip gets it under its own name from one encoding; other parameters make another clip.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ffprobe, makeClip } from './mediaFixtures.js';

describe('makeClip', () => {
  it('encodes a clip once for every name that asks for it at the same time, and each set of parameters apart', async () => {
    const options = { width: 160, height: 90, seconds: 1, audio: false };
    const [first, second] = await Promise.all([makeClip('cache-first.mp4', options), makeClip('cache-second.mp4', options)]);
    const other = await makeClip('cache-other.mp4', { ...options, faststart: true });
    expect([first, second, other].map((path) => basename(path))).toEqual(['cache-first.mp4', 'cache-second.mp4', 'cache-other.mp4']);
    const [a, b, c] = await Promise.all([first, second, other].map((path) => stat(path)));
    expect(b!.ino).toBe(a!.ino);
    expect(c!.ino).not.toBe(a!.ino);
    expect(await ffprobe(second)).toMatchObject({ width: 160, height: 90, videoCodec: 'h264', audioCodec: null });
  });
});
