// Media benchmark: for generated 10 s and 30 s 720p30 clips, the ladder exactly as the
// pipeline runs it (fMP4 + HLS playlists), in its three plans: one run decoding the source once
// for every rung with the start rung (360p) streamed as it is made (new uploads: the first playable
// moment is its first fragments), the same run without streaming (a video that already has a
// rung), and the start rung alone first, then the rest from a second decode (the plan before
// streaming), against one plain `ffmpeg -preset veryfast` 720p encode, alternating within each
// round so machine load hits all of them alike. CPU seconds are
// ffmpeg's own (user + system, from this process's reaped children), so other work on the
// machine barely moves them; wall times are reported beside them.
// Then, per rung, the x264 settings the ladder could use: CPU seconds (median of 3), bytes and SSIM
// against the source scaled to the rung, which is how the ladder's settings were chosen.
//   npx tsx bench/media.ts [--rounds N] [--clips 10,30] [--no-presets | --only-presets]   (or npm run bench:media; npm run bench calls runMediaBench())
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { loadConfig } from '../server/config.js';
import { mediaTools, type MediaTools } from '../server/media/ffmpeg.js';
import { LIGHT_RUNG_X264, ladderFor, type Rung } from '../server/media/ladder.js';
import { probeVideo } from '../server/media/probe.js';
import { transcodeLadder, videoEncoderArgs } from '../server/media/transcode.js';

const run = promisify(execFile);
const CLIPS = [10, 30];
/** x264 settings the ladder could use per rung: a preset, optionally with x264-params on top. */
const CANDIDATES = [
  { preset: 'superfast', params: null },
  { preset: 'veryfast', params: null },
  { preset: 'veryfast', params: LIGHT_RUNG_X264 },
  { preset: 'faster', params: null },
];
const candidateName = (candidate: { preset: string; params: string | null }) => (candidate.params ? `${candidate.preset} ${candidate.params}` : candidate.preset);

export interface LadderFigures {
  /** 'one run, start rung streamed' (new uploads), 'one run' (one decode for every rung) or 'start rung first'. */
  plan: string;
  cpu: number;
  wall: number;
  /** Wall seconds until the first rung could play: its first streamed fragments, else the rung complete. */
  firstRungWall: number;
  /** Each round's ladder CPU over the same round's plain encode: the spread behind the median. */
  roundCpuRatios: number[];
  rungs: Array<{ height: number; settings: string; bytes: number; ssim: number }>;
}

export interface ClipFigures {
  clipSeconds: number;
  preset: string;
  plainCpu: number;
  plainWall: number;
  ladders: LadderFigures[];
}

const PLANS = [
  { plan: 'one run, start rung streamed', startFirst: false, streamed: true },
  { plan: 'one run', startFirst: false, streamed: false },
  { plan: 'start rung first', startFirst: true, streamed: false },
];

export interface PresetFigures {
  height: number;
  preset: string;
  cpu: number;
  bytes: number;
  ssim: number;
}

export interface MediaFigures {
  clips: ClipFigures[];
  presets: PresetFigures[];
  rows: (string | number)[][];
}

/** CPU seconds (user + system) of every child process this process has waited for, from /proc (Linux). */
let ticksPerSecond = 100;
function childCpuSeconds(): number {
  try {
    // Fields after the ')' of the command name: state is field 3, cutime 16 and cstime 17.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
  } catch {
    return Number.NaN;
  }
}

async function measured<T>(work: () => Promise<T>): Promise<{ cpu: number; wall: number; value: T }> {
  const cpu = childCpuSeconds();
  const started = performance.now();
  const value = await work();
  return { cpu: childCpuSeconds() - cpu, wall: (performance.now() - started) / 1000, value };
}

async function generateClip(tools: MediaTools, dir: string, seconds: number): Promise<string> {
  const path = join(dir, `clip-720p-${seconds}s.mp4`);
  await run(tools.ffmpeg, [
    '-hide_banner', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
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

/** SSIM (All) of a rendition against the source scaled to the rendition's height. */
async function ssimOf(tools: MediaTools, rendition: string, source: string, height: number): Promise<number> {
  const { stderr } = await run(tools.ffmpeg, [
    '-hide_banner', '-nostdin', '-i', rendition, '-i', source,
    '-lavfi', `[1:v]scale=-2:${height},format=yuv420p[ref];[0:v]format=yuv420p[out];[out][ref]ssim`, '-f', 'null', '-',
  ]);
  return Number(/All:([0-9.]+)/.exec(stderr)?.[1] ?? Number.NaN);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function benchClip(tools: MediaTools, dir: string, seconds: number, preset: string, rounds: number): Promise<ClipFigures> {
  const source = await generateClip(tools, dir, seconds);
  const probe = (await probeVideo(tools, source))!;
  const rungs = ladderFor(probe.height);
  const plain: Array<{ cpu: number; wall: number }> = [];
  const ladders = PLANS.map(() => [] as Array<{ cpu: number; wall: number; first: number }>);
  const workDir = (plan: number, round: number) => join(dir, `ladder-${seconds}-${plan}-${round}`);
  for (let round = 0; round < rounds; round++) {
    plain.push(await measured(() => plainEncode(tools, source, join(dir, `plain-${seconds}-${round}.mp4`))));
    for (const [index, { startFirst, streamed }] of PLANS.entries()) {
      const started = performance.now();
      let first = Number.NaN;
      const playable = async () => {
        if (Number.isNaN(first)) first = (performance.now() - started) / 1000;
      };
      const result = await measured(() =>
        transcodeLadder({
          tools,
          sourcePath: source,
          probe,
          rungs,
          startFirst,
          workDir: workDir(index, round),
          preset,
          onFragments: streamed ? playable : undefined,
          onRendition: playable,
        }),
      );
      ladders[index]!.push({ ...result, first });
    }
  }
  const figures: LadderFigures[] = [];
  for (const [index, { plan }] of PLANS.entries()) {
    const measuredRungs = [];
    for (const rung of rungs) {
      const path = join(workDir(index, 0), `${rung.height}.mp4`);
      measuredRungs.push({ height: rung.height, settings: candidateName({ preset, params: rung.x264Params }), bytes: (await stat(path)).size, ssim: await ssimOf(tools, path, source, rung.height) });
    }
    const runs = ladders[index]!;
    figures.push({
      plan,
      cpu: median(runs.map((entry) => entry.cpu)),
      wall: median(runs.map((entry) => entry.wall)),
      firstRungWall: median(runs.map((entry) => entry.first)),
      roundCpuRatios: runs.map((entry, round) => entry.cpu / plain[round]!.cpu),
      rungs: measuredRungs,
    });
  }
  return { clipSeconds: seconds, preset, plainCpu: median(plain.map((entry) => entry.cpu)), plainWall: median(plain.map((entry) => entry.wall)), ladders: figures };
}

/** Each rung alone with each candidate (decode included, the same for all): CPU (median of 3, interleaved), bytes, SSIM. */
async function benchPresets(tools: MediaTools, dir: string): Promise<PresetFigures[]> {
  const source = await generateClip(tools, dir, 10);
  const figures: PresetFigures[] = [];
  const cpu = new Map<string, number[]>();
  const rungs = ladderFor(720);
  // Each candidate as the ladder would encode the rung, with the candidate's preset and x264 extras.
  const encode = (rung: Rung, candidate: (typeof CANDIDATES)[number]) => {
    const output = join(dir, `preset-${rung.height}-${candidateName(candidate).replace(/\W/g, '_')}.mp4`);
    const settings = videoEncoderArgs({ ...rung, x264Params: candidate.params }, candidate.preset);
    return { output, args: ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', source, '-an', '-vf', `scale=-2:${rung.height},format=yuv420p`, ...settings, output] };
  };
  const key = (rung: Rung, candidate: (typeof CANDIDATES)[number]) => `${rung.height} ${candidateName(candidate)}`;
  for (let round = 0; round < 3; round++) {
    for (const rung of rungs) {
      for (const candidate of CANDIDATES) {
        const { cpu: seconds } = await measured(() => run(tools.ffmpeg, encode(rung, candidate).args));
        cpu.set(key(rung, candidate), [...(cpu.get(key(rung, candidate)) ?? []), seconds]);
      }
    }
  }
  for (const rung of rungs) {
    for (const candidate of CANDIDATES) {
      const { output } = encode(rung, candidate);
      figures.push({
        height: rung.height,
        preset: candidateName(candidate),
        cpu: median(cpu.get(key(rung, candidate))!),
        bytes: (await stat(output)).size,
        ssim: await ssimOf(tools, output, source, rung.height),
      });
    }
  }
  return figures;
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

function rowsOf(clips: ClipFigures[], presets: PresetFigures[]): (string | number)[][] {
  const rows: (string | number)[][] = [];
  for (const clip of clips) {
    const label = `${clip.clipSeconds} s`;
    for (const ladder of clip.ladders) {
      const name = `${label}, ${ladder.plan}`;
      const spread = `${Math.min(...ladder.roundCpuRatios).toFixed(2)}-${Math.max(...ladder.roundCpuRatios).toFixed(2)}`;
      rows.push([`${name}: ladder CPU / one veryfast 720p (goal <= 1.6; rounds ${spread})`, `${ladder.cpu.toFixed(2)} s`, `${clip.plainCpu.toFixed(2)} s`, (ladder.cpu / clip.plainCpu).toFixed(2)]);
      rows.push([`${name}: ladder wall / one veryfast 720p`, `${ladder.wall.toFixed(2)} s`, `${clip.plainWall.toFixed(2)} s`, (ladder.wall / clip.plainWall).toFixed(2)]);
      rows.push([`${name}: first playable rung / duration (goal <= 0.2)`, `${ladder.firstRungWall.toFixed(2)} s`, `${clip.clipSeconds} s`, (ladder.firstRungWall / clip.clipSeconds).toFixed(3)]);
      for (const rung of ladder.rungs) rows.push([`${name}: ${rung.height}p (${rung.settings}) bytes, SSIM`, kb(rung.bytes), '', rung.ssim.toFixed(4)]);
    }
  }
  for (const height of new Set(presets.map((entry) => entry.height))) {
    const baseline = presets.find((entry) => entry.height === height && entry.preset === 'veryfast')!;
    for (const entry of presets.filter((candidate) => candidate.height === height)) {
      rows.push([
        `preset ${height}p ${entry.preset}: CPU, bytes, SSIM (ratio: bytes / veryfast)`,
        `${entry.cpu.toFixed(2)} s, ${kb(entry.bytes)}`,
        entry.ssim.toFixed(4),
        (entry.bytes / baseline.bytes).toFixed(2),
      ]);
    }
  }
  return rows;
}

export async function runMediaBench(options: { rounds?: number; presets?: boolean; clips?: boolean; clipSeconds?: number[] } = {}): Promise<MediaFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'vidshare-bench-media-'));
  // Only FFMPEG_PATH/FFPROBE_PATH/TRANSCODE_PRESET matter here; keep everything else throw-away.
  const config = loadConfig({ ...process.env, DATA_DIR: dir, JWT_SECRET: 'unused' });
  const tools = mediaTools(config);
  ticksPerSecond = Number((await run('getconf', ['CLK_TCK']).catch(() => ({ stdout: '100' }))).stdout) || 100;
  try {
    const clips: ClipFigures[] = [];
    if (options.clips !== false) for (const seconds of options.clipSeconds ?? CLIPS) clips.push(await benchClip(tools, dir, seconds, config.transcodePreset, options.rounds ?? 3));
    const presets = options.presets === false ? [] : await benchPresets(tools, dir);
    return { clips, presets, rows: rowsOf(clips, presets) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { rounds: { type: 'string', default: '3' }, clips: { type: 'string', default: CLIPS.join(',') }, 'no-presets': { type: 'boolean', default: false }, 'only-presets': { type: 'boolean', default: false } },
  });
  const figures = await runMediaBench({ rounds: Number(values.rounds), presets: !values['no-presets'], clips: !values['only-presets'], clipSeconds: values.clips.split(',').map(Number) });
  console.log(`Media: ${values.clips.replaceAll(',', ' s and ')} s 720p30 clips, the ladder's three plans vs one plain veryfast 720p encode (medians of ${values.rounds} interleaved rounds)\n`);
  console.log('| figure | value | baseline | ratio |');
  console.log('|---|---|---|---|');
  for (const row of figures.rows) console.log(`| ${row.join(' | ')} |`);
}
