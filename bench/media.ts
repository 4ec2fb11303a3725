// Media benchmark: for a generated 10 s 720p30 clip, the full ladder as the pipeline runs it
// (lowest rung first, then the rest decoded once) against one plain `ffmpeg -preset veryfast`
// 720p encode measured in the same run, alternating rounds so machine load hits both alike.
//   npx tsx bench/media.ts [--rounds N]      (npm run bench calls runMediaBench())
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { mediaTools, type MediaTools } from '../server/media/ffmpeg.js';
import { ladderFor } from '../server/media/ladder.js';
import { probeVideo } from '../server/media/probe.js';
import { transcodeLadder } from '../server/media/transcode.js';

const run = promisify(execFile);
const CLIP_SECONDS = 10;

export interface MediaFigures {
  rows: (string | number)[][];
  clipSeconds: number;
  preset: string;
  plainSeconds: number;
  ladderSeconds: number;
  firstPlayableSeconds: number;
  ladderRealtime: number;
  plainRealtime: number;
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await work();
  return [(performance.now() - started) / 1000, value];
}

async function generateClip(tools: MediaTools, dir: string): Promise<string> {
  const path = join(dir, 'clip-720p.mp4');
  await run(tools.ffmpeg, [
    '-hide_banner', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${CLIP_SECONDS}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${CLIP_SECONDS}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
    path,
  ]);
  return path;
}

/** The baseline: one 720p rendition, veryfast, the way a single-output pipeline would make it. */
async function plainEncode(tools: MediaTools, source: string, output: string): Promise<void> {
  await run(tools.ffmpeg, [
    '-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', source,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-maxrate', '2800k', '-bufsize', '5600k', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', output,
  ]);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runMediaBench(rounds = 2): Promise<MediaFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'vidshare-bench-media-'));
  // Only FFMPEG_PATH/FFPROBE_PATH/TRANSCODE_PRESET matter here; keep everything else throw-away.
  const config = loadConfig({ ...process.env, DATA_DIR: dir, JWT_SECRET: 'unused' });
  const tools = mediaTools(config);
  try {
    const source = await generateClip(tools, dir);
    const probe = (await probeVideo(tools, source))!;
    const plain: number[] = [];
    const ladder: number[] = [];
    const first: number[] = [];
    for (let round = 0; round < rounds; round++) {
      plain.push((await timed(() => plainEncode(tools, source, join(dir, `plain-${round}.mp4`))))[0]);
      const started = performance.now();
      let firstAt = NaN;
      const [seconds] = await timed(() =>
        transcodeLadder({
          tools,
          sourcePath: source,
          probe,
          rungs: ladderFor(probe.height),
          workDir: join(dir, `ladder-${round}`),
          preset: config.transcodePreset,
          onRendition: async () => {
            if (Number.isNaN(firstAt)) firstAt = (performance.now() - started) / 1000;
          },
        }),
      );
      ladder.push(seconds);
      first.push(firstAt);
    }
    const plainSeconds = median(plain);
    const ladderSeconds = median(ladder);
    const firstPlayableSeconds = median(first);
    const heights = ladderFor(probe.height).map((rung) => rung.height).join('/');
    const s = (value: number) => `${value.toFixed(2)} s`;
    const x = (value: number) => `${value.toFixed(2)}x`;
    const ratio = (value: number, baseline: number) => (value / baseline).toFixed(2);
    return {
      clipSeconds: CLIP_SECONDS,
      preset: config.transcodePreset,
      plainSeconds,
      ladderSeconds,
      firstPlayableSeconds,
      ladderRealtime: CLIP_SECONDS / ladderSeconds,
      plainRealtime: CLIP_SECONDS / plainSeconds,
      rows: [
        [`full ladder ${heights} (${config.transcodePreset}), wall`, s(ladderSeconds), `${s(plainSeconds)} (one 720p veryfast)`, ratio(ladderSeconds, plainSeconds)],
        ['full ladder realtime factor', x(CLIP_SECONDS / ladderSeconds), `${x(CLIP_SECONDS / plainSeconds)} (one 720p veryfast)`, ratio(plainSeconds, ladderSeconds)],
        [`first rendition playable (${Math.min(...ladderFor(probe.height).map((rung) => rung.height))}p)`, s(firstPlayableSeconds), `${s(plainSeconds)} (one 720p veryfast)`, ratio(firstPlayableSeconds, plainSeconds)],
      ],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '2' } } });
  const figures = await runMediaBench(Number(values.rounds));
  console.log(`Media: ${figures.clipSeconds} s 720p30 clip, ${figures.preset} ladder vs one plain veryfast 720p encode (median of ${values.rounds} rounds)\n`);
  console.log('| figure | value | baseline | ratio |');
  console.log('|---|---|---|---|');
  for (const row of figures.rows) console.log(`| ${row.join(' | ')} |`);
}
