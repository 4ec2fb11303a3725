import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { locateMediaTools, type MediaTools } from '../../server/media/ffmpeg.js';
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

const clips = Promise.all([
  makeClip('t720.mp4', { width: 1280, height: 720, seconds: 2 }),
  makeClip('portrait.mp4', { width: 180, height: 320, seconds: 1, audio: false }),
  makeClip('t720-long.mp4', { width: 1280, height: 720, seconds: 10 }),
]);

describe('ladderFor(height)', () => {
  it('never upscales and always keeps at least one rung', () => {
    const heights = (source: number) => ladderFor(source).map((rung) => rung.height);
    expect(heights(2160)).toEqual([1080, 720, 480, 360]);
    expect(heights(1080)).toEqual([1080, 720, 480, 360]);
    expect(heights(720)).toEqual([720, 480, 360]);
    expect(heights(719)).toEqual([480, 360]);
    expect(heights(360)).toEqual([360]);
    expect(heights(359)).toEqual([358]);
    expect(heights(180)).toEqual([180]);
    expect(heights(1)).toEqual([2]);
  });

  it('caps bitrates lower for lower rungs, and sizes portrait videos by their short side', () => {
    const caps = ladderFor(1080).map((rung) => rung.maxVideoKbps);
    expect([...caps].sort((a, b) => b - a)).toEqual(caps);
    expect(qualityHeight(1080, 1920)).toBe(1080);
    expect(qualityHeight(1920, 1080)).toBe(1080);
  });

  it('plans the lowest rung alone first, then the others in one run', () => {
    expect(planRuns(ladderFor(1080)).map((runRungs) => runRungs.map((rung) => rung.height))).toEqual([[360], [480, 720, 1080]]);
    expect(planRuns(ladderFor(200)).map((runRungs) => runRungs.map((rung) => rung.height))).toEqual([[200]]);
    expect(planRuns([])).toEqual([]);
  });

  it('plans every rung in one run (one decode) when the lowest need not come first', () => {
    expect(planRuns(ladderFor(1080), false).map((runRungs) => runRungs.map((rung) => rung.height))).toEqual([[360, 480, 720, 1080]]);
    expect(planRuns(ladderFor(200), false).map((runRungs) => runRungs.map((rung) => rung.height))).toEqual([[200]]);
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
  it('turns a 720p source into 720/480/360 MP4s (no 1080), publishing 360p first, with progress', async () => {
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
    expect(published).toEqual([360, 480, 720]);
    expect(renditions.map((rendition) => rendition.height)).toEqual([360, 480, 720]);
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

  it('makes the same ladder in one run (one decode), still publishing the lowest rung first', async () => {
    const [source] = await clips;
    const probe = (await probeVideo(tools, source))!;
    const published: number[] = [];
    const renditions = await transcodeLadder({
      tools,
      sourcePath: source,
      probe,
      rungs: ladderFor(720),
      lowestFirst: false,
      workDir: await workDir(),
      onRendition: async (rendition) => void published.push(rendition.height),
    });
    expect(published).toEqual([360, 480, 720]);
    for (const rendition of renditions) {
      expect(await ffprobe(rendition.path)).toMatchObject({ height: rendition.height, videoCodec: 'h264', audioCodec: 'aac' });
      expect(rendition.hls.resolution).toMatch(new RegExp(`^\\d+x${rendition.height}$`));
    }
  });

  it('copies AAC-LC audio of at most 144 kbps into every rung as it is and encodes any other, with the light motion search below 720p', async () => {
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
      const renditions = await transcodeLadder({ tools, sourcePath: path, probe, rungs: ladderFor(720), lowestFirst: false, workDir: await workDir() });
      return Promise.all(renditions.map(async (rendition) => ({ height: rendition.height, audio: await channelsOf(rendition.path), bytes: await readFile(rendition.path) })));
    };
    // The source is mono AAC-LC at about 70 kbps: copied into every rung (an encode would make stereo).
    const copied = await ladder(source);
    expect(copied.map(({ height, audio }) => [height, audio])).toEqual([[360, 'aac,1'], [480, 'aac,1'], [720, 'aac,1']]);
    // x264 writes its settings into the stream: the light motion search below 720 lines only.
    expect(copied.map(({ height, bytes }) => [height, /subme=(\d)/.exec(bytes.toString('latin1'))?.[1]])).toEqual([[360, '1'], [480, '1'], [720, '2']]);
    // The same AAC in MPEG-TS (ADTS headers) is copied too.
    expect((await ladder(transportStream)).map(({ audio }) => audio)).toEqual(['aac,1', 'aac,1', 'aac,1']);
    for (const other of [mp3Source, loud]) expect((await ladder(other)).map(({ audio }) => audio)).toEqual(['aac,2', 'aac,2', 'aac,2']);
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

  it('streams the lowest rung while one run makes the ladder: its fragments are handed over as ffmpeg writes them', async () => {
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
    expect(events.slice(events.lastIndexOf('fragments') + 1)).toEqual(['360', '480', '720']);
    expect(handed.length).toBeGreaterThan(0);
    expect(handed[0]!.segments).toBeLessThan(final.segments.length);
    for (const [index, entry] of handed.entries()) {
      expect(entry.lastByte).toBeLessThanOrEqual(entry.fileBytes);
      if (index > 0) expect(entry.segments).toBeGreaterThan(handed[index - 1]!.segments);
      expect(entry).toMatchObject({ codecs: 'avc1.64001e,mp4a.40.2', resolution: '640x360' });
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
    const [source] = await clips;
    const probe = (await probeVideo(tools, source))!;
    const controller = new AbortController();
    const started = Date.now();
    const pending = transcodeLadder({ tools, sourcePath: source, probe, rungs: ladderFor(720), workDir: await workDir(), signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop now')), 100);
    await expect(pending).rejects.toThrow('stop now');
    expect(Date.now() - started).toBeLessThan(2000);
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
