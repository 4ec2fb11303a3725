// Finding and running ffmpeg/ffprobe: FFMPEG_PATH/FFPROBE_PATH, else the ones on PATH, else the
// binaries shipped by @ffmpeg-installer/@ffprobe-installer (so `npm install` alone is enough).
import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import type { Config } from '../config.js';

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

type Env = Record<string, string | undefined>;

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function onPath(name: string, env: Env): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

function packaged(packageName: string): string | null {
  try {
    const path = (createRequire(import.meta.url)(packageName) as { path: string }).path;
    return executable(path) ? path : null;
  } catch {
    return null; // the installer packages throw when their platform binary is missing
  }
}

/** Resolves both binaries once per configuration; throws with a hint when there is none. */
export function locateMediaTools(config: Pick<Config, 'ffmpegPath' | 'ffprobePath'>, env: Env = process.env): MediaTools {
  const ffmpeg = config.ffmpegPath ?? onPath('ffmpeg', env) ?? packaged('@ffmpeg-installer/ffmpeg');
  if (!ffmpeg) throw new Error('ffmpeg not found: install it (apt-get install -y ffmpeg), set FFMPEG_PATH, or keep @ffmpeg-installer/ffmpeg');
  // An explicit FFMPEG_PATH usually has its ffprobe beside it.
  const sibling = config.ffmpegPath ? join(dirname(config.ffmpegPath), 'ffprobe') : null;
  const ffprobe =
    config.ffprobePath ?? (sibling && executable(sibling) ? sibling : null) ?? onPath('ffprobe', env) ?? packaged('@ffprobe-installer/ffprobe');
  if (!ffprobe) throw new Error('ffprobe not found: install ffmpeg, set FFPROBE_PATH, or keep @ffprobe-installer/ffprobe');
  return { ffmpeg, ffprobe };
}

const cache = new Map<string, MediaTools>();

export function mediaTools(config: Pick<Config, 'ffmpegPath' | 'ffprobePath'>): MediaTools {
  const key = `${config.ffmpegPath ?? ''}|${config.ffprobePath ?? ''}`;
  let tools = cache.get(key);
  if (!tools) {
    tools = locateMediaTools(config);
    cache.set(key, tools);
  }
  return tools;
}

export interface ToolRun {
  stdout: Buffer;
  /** The tail of stderr, where ffmpeg explains failures. */
  stderr: string;
}

export interface ToolOptions {
  signal?: AbortSignal;
  /** Called with each line of stdout instead of collecting it (ffmpeg -progress pipe:1). */
  onStdoutLine?: (line: string) => void;
  maxStdoutBytes?: number;
}

const STDERR_TAIL = 8 * 1024;

class ToolError extends Error {
  constructor(
    message: string,
    public readonly stderr: string,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/**
 * Runs "$@" and kills it when its stdin, a pipe from this process, closes: when we close it (abort)
 * or when this process dies, even by SIGKILL (Node has no prctl(PR_SET_PDEATHSIG)). A watcher
 * subshell blocks reading the pipe; EOF means nobody wants the result any more. The tool itself
 * reads nothing from stdin and keeps the exit status it would have had.
 */
const DIES_WITH_PARENT = [
  'exec 3<&0',
  '"$@" </dev/null 3<&- &',
  'tool=$!',
  '{ while read -r _; do :; done; kill -KILL "$tool" 2>/dev/null; } <&3 >/dev/null 2>&1 &',
  'watcher=$!',
  'exec 3<&-',
  'wait "$tool"; status=$?',
  'kill "$watcher" 2>/dev/null',
  'exit "$status"',
].join('\n');

/** Runs a binary to completion; rejects on a non-zero exit, and kills it when `signal` aborts or this process dies. */
export function runTool(binary: string, args: string[], options: ToolOptions = {}): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason);
    const child = spawn('/bin/sh', ['-c', DIES_WITH_PARENT, 'sh', binary, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.on('error', () => undefined); // the watcher is gone once the tool has exited
    const chunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let pending = '';
    // Closing the pipe makes the watcher kill the tool; SIGKILL to the shell alone would orphan it.
    const onAbort = () => child.stdin.end();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.onStdoutLine) {
        pending += chunk.toString('utf8');
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) options.onStdoutLine(line.trim());
        return;
      }
      stdoutBytes += chunk.length;
      if (options.maxStdoutBytes && stdoutBytes > options.maxStdoutBytes) child.stdin.end();
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code, signal) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (options.signal?.aborted) return reject(options.signal.reason);
      if (code === 0) return resolve({ stdout: Buffer.concat(chunks), stderr });
      const lastLines = stderr.trim().split('\n').slice(-3).join(' | ');
      reject(new ToolError(`${binary.split('/').pop()} exited with ${code ?? signal}: ${lastLines}`, stderr));
    });
  });
}

/** Parses ffmpeg's `-progress` lines; reports encoded seconds as they grow. */
export function progressListener(onSeconds: (seconds: number) => void): (line: string) => void {
  return (line) => {
    const match = /^out_time=(-?)(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(line);
    if (!match || match[1]) return;
    onSeconds(Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]));
  };
}

const VERSION_CHECK_TIMEOUT_MS = 10_000;

/**
 * Why ffmpeg or ffprobe cannot work here (not found, or `-version` fails), or null when both run.
 * Checked once at start by the processes that run jobs: a broken binary would otherwise fail every
 * video as unreadable.
 */
export async function mediaToolsProblem(config: Pick<Config, 'ffmpegPath' | 'ffprobePath'>): Promise<string | null> {
  let tools: MediaTools;
  try {
    tools = mediaTools(config);
  } catch (error) {
    return (error as Error).message;
  }
  for (const [name, binary] of Object.entries(tools)) {
    try {
      await runTool(binary, ['-version'], { signal: AbortSignal.timeout(VERSION_CHECK_TIMEOUT_MS) });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${VERSION_CHECK_TIMEOUT_MS} ms` : (error as Error).message;
      return `${name} at ${binary} does not run (${name} -version: ${reason.trim() || 'failed'}): set ${name === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'} to a working one and restart`;
    }
  }
  return null;
}
