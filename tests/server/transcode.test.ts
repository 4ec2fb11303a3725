import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { locateMediaTools, type MediaTools } from '../../server/media/ffmpeg.js';
import { startHeight } from '../../contract/limits.js';
import { ladderFor, qualityHeight } from '../../server/media/ladder.js';
import { probeVideo } from '../../server/media/probe.js';
import { parseMediaPlaylist } from '../../server/media/hls.js';
import { planRuns, transcodeLadder } from '../../server/media/transcode.js';
import { ffprobe, makeClip, tools } from './mediaFixtures.js';

const run = promisify(execFile);
const workDirs: string[] = [];
async function workDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vidshare-transcode-'));
  workDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(workDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Top-level MP4 boxes in file order (moov before mdat = +faststart). */
async function topLevelBoxes(path: string): Promise<string[]> {
  const bytes = await readFile(path);
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(offset);
    boxes.push(bytes.toString('latin1', offset + 4, offset + 8));
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

/** The first audio stream as ffprobe sees it, its packets decoded and counted. */
async function audioStream(path: string): Promise<Record<string, string | number>> {
  const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-select_streams', 'a:0', '-count_frames', '-show_entries', 'stream=codec_name,profile,channels,sample_rate,bit_rate,nb_read_frames', '-of', 'json', path]);
  return (JSON.parse(stdout) as { streams: Array<Record<string, string | number>> }).streams[0]!;
}

const clips = Promise.all([
  makeClip('t720.mp4', { width: 1280, height: 720, seconds: 2 }),
  makeClip('portrait.mp4', { width: 180, height: 320, seconds: 1, audio: false }),
  makeClip('t720-long.mp4', { width: 1280, height: 720, seconds: 10 }),
]);

describe('ladderFor(height)', () => {
  it('never upscales and always keeps at least one rung, with 240p and 144p under it for slow links', () => {
    const heights = (source: number) => ladderFor(source).map((rung) => rung.height);
    expect(heights(2160)).toEqual([1080, 720, 480, 360, 240, 144]);
    expect(heights(1080)).toEqual([1080, 720, 480, 360, 240, 144]);
    expect(heights(720)).toEqual([720, 480, 360, 240, 144]);
    expect(heights(719)).toEqual([480, 360, 240, 144]);
    expect(heights(360)).toEqual([360, 240, 144]);
    // Under 360 lines the source keeps its own height; a slow-link rung only when clearly smaller.
    expect(heights(359)).toEqual([358, 240, 144]);
    expect(heights(300)).toEqual([300, 144]);
    expect(heights(240)).toEqual([240, 144]);
    expect(heights(180)).toEqual([180]);
    expect(heights(1)).toEqual([2]);
  });

  it('gives the slow-link rungs caps a 400 and a 200 kbps link hold, mono low-rate audio and a short decoder buffer', () => {
    const byHeight = Object.fromEntries(ladderFor(1080).map((rung) => [rung.height, rung]));
    expect(byHeight[240]).toMatchObject({ maxVideoKbps: 200, bufferSeconds: 1, audio: 'mono', audioKbps: 48 });
    expect(byHeight[144]).toMatchObject({ maxVideoKbps: 90, bufferSeconds: 1, audio: 'mono', audioKbps: 32 });
    // Worst 2 s fragment: cap + buffer / 2, plus the audio.
    const peakKbps = (height: number) => byHeight[height]!.maxVideoKbps * (1 + byHeight[height]!.bufferSeconds / 2) + byHeight[height]!.audioKbps;
    expect(peakKbps(240)).toBeLessThanOrEqual(350);
    expect(peakKbps(144)).toBeLessThanOrEqual(180);
    for (const height of [1080, 720, 480, 360]) expect(byHeight[height]).toMatchObject({ audio: 'shared', bufferSeconds: 2 });
  });

  it('starts on 360p, or the tallest rung under it, or the lowest one', () => {
    expect(startHeight([1080, 720, 480, 360, 240, 144])).toBe(360);
    expect(startHeight([144, 240, 300])).toBe(300);
    expect(startHeight([200, 144])).toBe(200);
    expect(startHeight([720, 480])).toBe(480);
    expect(startHeight([])).toBeUndefined();
  });

  it('caps bitrates lower for lower rungs, and sizes portrait videos by their short side', () => {
    const caps = ladderFor(1080).map((rung) => rung.maxVideoKbps);
    expect([...caps].sort((a, b) => b - a)).toEqual(caps);
    expect(qualityHeight(1080, 1920)).toBe(1080);
    expect(qualityHeight(1920, 1080)).toBe(1080);
  });

  it('plans the start rung alone first, then the others in one run', () => {
    expect(planRuns(ladderFor(1080)).map((runRungs) => runRungs.map((rung) => rung.height))).toEqual([[360], [144, 240, 480, 720, 1080]]);
    expect(planRuns(ladderFor(200)).map((runRungs) => runRungs.map((rung) => rung.height))).toEqual([[200], [144]]);
    expect(planRuns(ladderFor(180)).map((runRungs) => runRungs.map((rung) => rung.height))).toEqual([[180]]);
    expect(planRuns([])).toEqual([]);
  });

  it('plans every rung in one run (one decode) when the start rung need not come first', () => {
    expect(planRuns(ladderFor(1080), false).map((runRungs) => runRungs.map((rung) => rung.height))).toEqual([[144, 240, 360, 480, 720, 1080]]);
    expect(planRuns(ladderFor(200), false).map((runRungs) => runRungs.map((rung) => rung.height))).toEqual([[144, 200]]);
  });
});

describe('locating ffmpeg', () => {
  it('prefers FFMPEG_PATH, then PATH, then the npm-packaged binaries', async () => {
    expect(locateMediaTools({ ffmpegPath: '/opt/custom/ffmpeg', ffprobePath: '/opt/custom/ffprobe' })).toEqual({
      ffmpeg: '/opt/custom/ffmpeg',
      ffprobe: '/opt/custom/ffprobe',
    });
    const onPath = locateMediaTools({ ffmpegPath: null, ffprobePath: null }, { PATH: '/nonexistent:/usr/bin' });
    expect(onPath).toEqual({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' });
    const packaged = locateMediaTools({ ffmpegPath: null, ffprobePath: null }, { PATH: '/nonexistent' });
    expect(packaged.ffmpeg).toMatch(/node_modules\/@ffmpeg-installer\/.+\/ffmpeg$/);
    expect(packaged.ffprobe).toMatch(/node_modules\/@ffprobe-installer\/.+\/ffprobe$/);
    expect((await run(packaged.ffmpeg, ['-hide_banner', '-version'])).stdout).toMatch(/ffmpeg version/);
  });
});

describe('transcodeLadder', () => {
  it('turns a 720p source into 720/480/360/240/144 MP4s (no 1080), publishing 360p first, with progress', async () => {
    const [source] = await clips;
    const probe = (await probeVideo(tools, source))!;
    expect(probe).toMatchObject({ width: 1280, height: 720, audio: { codec: 'aac', profile: 'LC', channels: 1 } });
    const rungs = ladderFor(qualityHeight(probe.width, probe.height));
    const published: number[] = [];
    const progress: number[] = [];
    const renditions = await transcodeLadder({
      tools,
      sourcePath: source,
      probe,
      rungs,
      workDir: await workDir(),
      onProgress: (fraction) => progress.push(fraction),
      onRendition: async (rendition) => void published.push(rendition.height),
    });
    expect(published).toEqual([360, 144, 240, 480, 720]);
    expect(renditions.map((rendition) => rendition.height)).toEqual([360, 144, 240, 480, 720]);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((value, index) => index === 0 || value >= progress[index - 1]!)).toBe(true);
    for (const rendition of renditions) {
      const probed = await ffprobe(rendition.path);
      expect(probed).toMatchObject({ height: rendition.height, videoCodec: 'h264', audioCodec: 'aac' });
      expect(Math.abs(probed.duration - 2)).toBeLessThan(0.15);
      const boxes = await topLevelBoxes(rendition.path);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat')); // +faststart
    }
  });

  it('makes the same ladder in one run (one decode), still publishing the start rung first', async () => {
    const [source] = await clips;
    const probe = (await probeVideo(tools, source))!;
    const published: number[] = [];
    const renditions = await transcodeLadder({
      tools,
      sourcePath: source,
      probe,
      rungs: ladderFor(720),
      startFirst: false,
      workDir: await workDir(),
      onRendition: async (rendition) => void published.push(rendition.height),
    });
    expect(published).toEqual([360, 144, 240, 480, 720]);
    for (const rendition of renditions) {
      expect(await ffprobe(rendition.path)).toMatchObject({ height: rendition.height, videoCodec: 'h264', audioCodec: 'aac' });
      expect(rendition.hls.resolution).toMatch(new RegExp(`^\\d+x${rendition.height}$`));
    }
    // The slow-link rungs: mono AAC-LC at a low rate that decodes whole, under what a 400 (200) kbps link carries.
    const byHeight = Object.fromEntries(renditions.map((rendition) => [rendition.height, rendition]));
    for (const [height, kbps, maxBandwidth] of [[240, 48, 350_000], [144, 32, 180_000]] as const) {
      const rendition = byHeight[height]!;
      const audio = await audioStream(rendition.path);
      expect(audio).toMatchObject({ codec_name: 'aac', profile: 'LC', channels: 1 });
      expect(Number(audio.bit_rate) / 1000).toBeLessThanOrEqual(kbps * 1.1);
      // Every packet decodes: about 2 s of 1024-sample frames, and the decoder reports no error.
      expect(Number(audio.nb_read_frames)).toBeGreaterThanOrEqual(Math.floor((1.9 * Number(audio.sample_rate)) / 1024));
      const decoded = await run(tools.ffmpeg, ['-v', 'error', '-xerror', '-i', rendition.path, '-map', '0:a:0', '-f', 'null', '-']);
      expect(decoded.stderr).toBe('');
      expect(rendition.hls).toMatchObject({ codecs: expect.stringMatching(/,mp4a\.40\.2$/) });
      expect(rendition.hls.bandwidth).toBeLessThanOrEqual(maxBandwidth);
    }
  });

  it('copies AAC-LC audio of at most 144 kbps into every rung as it is and encodes any other, with the light x264 settings below 720p', async () => {
    const [source] = await clips;
    const dir = await workDir();
    const mp3Source = join(dir, 'mp3.mkv');
    await run(tools.ffmpeg, ['-v', 'error', '-i', source, '-c:v', 'copy', '-c:a', 'libmp3lame', '-b:a', '128k', mp3Source]);
    const transportStream = join(dir, 'clip.ts');
    await run(tools.ffmpeg, ['-v', 'error', '-i', source, '-c', 'copy', transportStream]);
    const loud = join(dir, 'loud.mp4');
    await run(tools.ffmpeg, ['-v', 'error', '-i', source, '-c:v', 'copy', '-c:a', 'aac', '-b:a', '256k', '-ac', '2', loud]);
    const channelsOf = async (path: string) => {
      const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,channels', '-of', 'csv=p=0', path]);
      return stdout.trim();
    };
    const ladder = async (path: string) => {
      const probe = (await probeVideo(tools, path))!;
      const renditions = await transcodeLadder({ tools, sourcePath: path, probe, rungs: ladderFor(720), startFirst: false, workDir: await workDir() });
      const rungs = await Promise.all(
        renditions.map(async (rendition) => ({
          height: rendition.height,
          audio: await channelsOf(rendition.path),
          kbps: Math.round(Number((await audioStream(rendition.path)).bit_rate) / 1000),
          bytes: await readFile(rendition.path),
        })),
      );
      return rungs.sort((a, b) => b.height - a.height);
    };
    // The source is mono AAC-LC at about 70 kbps: copied into every main rung (an encode would make
    // stereo); the slow-link rungs encode theirs to mono at 48 and 32 kbps (no copy whatever the source).
    const copied = await ladder(source);
    const sourceKbps = Math.round(Number((await audioStream(source)).bit_rate) / 1000);
    expect(copied.map(({ height, audio }) => [height, audio])).toEqual([[720, 'aac,1'], [480, 'aac,1'], [360, 'aac,1'], [240, 'aac,1'], [144, 'aac,1']]);
    expect(sourceKbps).toBeGreaterThan(60);
    for (const { height, kbps } of copied) expect(Math.abs(kbps - (height === 240 ? 48 : height === 144 ? 32 : sourceKbps)), `${height}p audio kbps`).toBeLessThanOrEqual(3);
    // x264 writes its settings into the stream: the light motion search and lookahead below 720 lines only.
    expect(copied.map(({ height, bytes }) => [height, /subme=(\d)/.exec(bytes.toString('latin1'))?.[1]])).toEqual([[720, '2'], [480, '1'], [360, '1'], [240, '1'], [144, '1']]);
    expect(copied.map(({ height, bytes }) => [height, /rc_lookahead=(\d+)/.exec(bytes.toString('latin1'))?.[1]])).toEqual([[720, '10'], [480, '5'], [360, '5'], [240, '5'], [144, '5']]);
    // The same AAC in MPEG-TS (ADTS headers) is copied too.
    expect((await ladder(transportStream)).map(({ audio }) => audio)).toEqual(['aac,1', 'aac,1', 'aac,1', 'aac,1', 'aac,1']);
    for (const other of [mp3Source, loud]) expect((await ladder(other)).map(({ audio }) => audio)).toEqual(['aac,2', 'aac,2', 'aac,2', 'aac,1', 'aac,1']);
  });

  it('keeps the orientation of a portrait source and copes without audio', async () => {
    const [, portrait] = await clips;
    const probe = (await probeVideo(tools, portrait))!;
    expect(probe).toMatchObject({ width: 180, height: 320, audio: null });
    const [rendition] = await transcodeLadder({ tools, sourcePath: portrait, probe, rungs: ladderFor(qualityHeight(180, 320)), workDir: await workDir() });
    expect(await ffprobe(rendition!.path)).toMatchObject({ width: 180, height: 320, audioCodec: null });
  });

  it('works with the npm-packaged ffmpeg and ffprobe too', async () => {
    const packaged: MediaTools = locateMediaTools({ ffmpegPath: null, ffprobePath: null }, { PATH: '' });
    const [source] = await clips;
    const probe = (await probeVideo(packaged, source))!;
    expect(probe).toMatchObject({ width: 1280, height: 720 });
    const [rendition] = await transcodeLadder({ tools: packaged, sourcePath: source, probe, rungs: ladderFor(200), workDir: await workDir() });
    expect(await ffprobe(rendition!.path)).toMatchObject({ height: 200, videoCodec: 'h264', audioCodec: 'aac' });
  });

  it('streams the start rung (360p, not the lowest) while one run makes the ladder: its fragments are handed over as ffmpeg writes them', async () => {
    const [, , source] = await clips;
    const probe = (await probeVideo(tools, source))!;
    const dir = await workDir();
    const handed: Array<{ segments: number; fileBytes: number; lastByte: number; codecs: string; resolution: string }> = [];
    const events: string[] = [];
    await transcodeLadder({
      tools,
      sourcePath: source,
      probe,
      rungs: ladderFor(720),
      workDir: dir,
      onFragments: async (rung) => {
        expect(rung.height).toBe(360);
        const last = rung.playlist.segments.at(-1)!;
        handed.push({
          segments: rung.playlist.segments.length,
          fileBytes: (await stat(rung.path)).size,
          lastByte: last.offset + last.length,
          codecs: rung.facts.codecs,
          resolution: `${rung.facts.width}x${rung.facts.height}`,
        });
        events.push('fragments');
      },
      onRendition: async (rendition) => void events.push(String(rendition.height)),
    });
    const final = parseMediaPlaylist(await readFile(join(dir, '360.m3u8'), 'utf8'));
    // Handed over before any rung was complete, growing, each within what the file held then.
    expect(events.indexOf('fragments')).toBe(0);
    expect(events.slice(events.lastIndexOf('fragments') + 1)).toEqual(['360', '144', '240', '480', '720']);
    expect(handed.length).toBeGreaterThan(0);
    expect(handed[0]!.segments).toBeLessThan(final.segments.length);
    for (const [index, entry] of handed.entries()) {
      expect(entry.lastByte).toBeLessThanOrEqual(entry.fileBytes);
      if (index > 0) expect(entry.segments).toBeGreaterThan(handed[index - 1]!.segments);
      // Main profile: the rungs below 720 lines use no 8x8 transform, the one High tool x264 would need.
      expect(entry).toMatchObject({ codecs: 'avc1.4d401e,mp4a.40.2', resolution: '640x360' });
    }
    // The complete rung is a VOD playlist over the same file, fragments unchanged.
    const text = await readFile(join(dir, '360.m3u8'), 'utf8');
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(final.ended).toBe(true);
    expect(final.segments).toHaveLength(5);
  });

  it('stops the run with the error of a failed hand-over', async () => {
    const [, , source] = await clips;
    const probe = (await probeVideo(tools, source))!;
    const started = Date.now();
    const renditions: number[] = [];
    await expect(
      transcodeLadder({
        tools,
        sourcePath: source,
        probe,
        rungs: ladderFor(720),
        workDir: await workDir(),
        onFragments: async () => {
          throw new Error('storage is down');
        },
        onRendition: async (rendition) => void renditions.push(rendition.height),
      }),
    ).rejects.toThrow('storage is down');
    expect(renditions).toEqual([]);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('stops ffmpeg when the job is aborted', async () => {
    // The 10 s clip: its encode outlasts ffmpeg's first progress report (every 0.5 s) on any machine.
    const [, , source] = await clips;
    const probe = (await probeVideo(tools, source))!;
    const controller = new AbortController();
    let abortedAt = 0;
    // Aborted as soon as ffmpeg reports its first progress: mid-encode, whatever the machine's speed.
    const abort = () => {
      if (abortedAt) return;
      abortedAt = Date.now();
      controller.abort(new Error('stop now'));
    };
    const pending = transcodeLadder({ tools, sourcePath: source, probe, rungs: ladderFor(720), workDir: await workDir(), signal: controller.signal, onProgress: abort });
    await expect(pending).rejects.toThrow('stop now');
    expect(abortedAt).toBeGreaterThan(0);
    expect(Date.now() - abortedAt).toBeLessThan(2000);
  });
});

describe('probeVideo', () => {
  it('applies rotation and refuses a truncated WebM', async () => {
    const dir = await workDir();
    const [, portrait] = await clips;
    const rotated = join(dir, 'rotated.mp4');
    await run(tools.ffmpeg, ['-v', 'error', '-i', portrait, '-c', 'copy', '-metadata:s:v', 'rotate=90', rotated]);
    expect(await probeVideo(tools, rotated)).toMatchObject({ width: 320, height: 180 });

    const webm = join(dir, 'clip.webm');
    await run(tools.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=25:duration=2', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', webm]);
    expect(await probeVideo(tools, webm)).toMatchObject({ width: 160, height: 90 });
    const bytes = await readFile(webm);
    const cut = join(dir, 'cut.webm');
    await run('sh', ['-c', `head -c ${bytes.length >> 1} "${webm}" > "${cut}"`]);
    expect(await probeVideo(tools, cut)).toBeNull();
  });
});
