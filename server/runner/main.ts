// `npm run runner -- --url <API URL> --token <token>`: a remote transcoding runner. It has no
// database, Redis or media storage of its own: it claims transcode jobs from the API (a lease it
// keeps with heartbeats), downloads the source into its own scratch folder, runs the encode half
// (media/transcodeRun.ts, ffmpeg on local files, as the worker does) and uploads every step to the
// API, which records it (useCases/runnerJobs.ts). The deployment sets TRANSCODE_RUNNERS=remote.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { locateMediaTools, type MediaTools } from '../media/ffmpeg.js';
import { encodeTranscode } from '../media/transcodeRun.js';
import { ApiRecorder } from './apiRecorder.js';
import { type ClaimedJob, LeaseLost, RunnerApi } from './apiClient.js';

const USAGE = 'Usage: npm run runner -- --url <API URL> --token <runner token> [--work-dir <dir>] [--poll-ms <ms>]';

function options() {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, token: { type: 'string' }, 'work-dir': { type: 'string' }, 'poll-ms': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const token = values.token ?? process.env.RUNNER_TOKEN;
  if (!values.url || !token) {
    console.error(`Error: --url and --token are required (the token may also come from RUNNER_TOKEN)\n${USAGE}`);
    process.exit(2);
  }
  const pollMs = Number(values['poll-ms'] ?? 2000);
  if (!Number.isFinite(pollMs) || pollMs < 10) {
    console.error(`Error: --poll-ms must be a number of milliseconds\n${USAGE}`);
    process.exit(2);
  }
  return { url: values.url, token, workDir: values['work-dir'] ?? null, pollMs };
}

const settings = options();
const log = pino({ level: process.env.LOG_LEVEL || 'info', base: { process: 'runner' } });
const api = new RunnerApi(settings.url, settings.token);
const tools: MediaTools = locateMediaTools({ ffmpegPath: process.env.FFMPEG_PATH || null, ffprobePath: process.env.FFPROBE_PATH || null });
const scratch = settings.workDir ?? (await mkdtemp(join(tmpdir(), 'vidshare-runner-')));
await mkdir(scratch, { recursive: true });

let stopping = false;
const stopped = new AbortController();

/** One job: source, encode half, every step uploaded; done or failed told to the API. */
async function runJob(job: ClaimedJob): Promise<void> {
  const fields = { jobId: job.jobId, attempt: job.attempt, videoId: job.videoId };
  log.info(fields, 'job claimed');
  const workDir = join(scratch, `job-${job.jobId}-${job.attempt}`);
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  // Stops ffmpeg when the lease is lost, a step is refused, or the runner stops.
  const abort = new AbortController();
  const stop = () => abort.abort(new Error('the runner is stopping'));
  stopped.signal.addEventListener('abort', stop, { once: true });
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
    abort.abort(error);
  };
  // A lost lease stops the job; a progress report that fails otherwise (the network, an API node
  // restarting) does not: the next heartbeat tries again within the lease.
  const reportFailed = (error: unknown) => {
    if (error instanceof LeaseLost) fail(error);
    else log.warn({ ...fields, err: error instanceof Error ? error.message : String(error) }, 'progress report failed');
  };
  const recorder = new ApiRecorder(api, job, reportFailed);
  // The lease lasts leaseMs from the last call: a heartbeat a third of the way keeps it while ffmpeg is quiet.
  const heartbeat = setInterval(() => recorder.heartbeat().catch(reportFailed), Math.max(100, Math.round(job.leaseMs / 3)));
  try {
    const sourcePath = join(workDir, 'source');
    await api.downloadSource(job, sourcePath, abort.signal);
    await encodeTranscode({ tools, sourcePath, workDir, signal: abort.signal }, recorder);
    if (failure) throw failure;
    clearInterval(heartbeat);
    const { rungs } = await api.post<{ rungs: number[] }>(job, 'done');
    log.info({ ...fields, rungs }, 'job done');
  } catch (thrown) {
    const error = failure ?? thrown;
    if (error instanceof LeaseLost) log.warn({ ...fields, reason: error.message }, 'lease lost: job dropped');
    else if (stopping) log.info(fields, 'stopped with the runner: its lease runs out and the job is queued again');
    else {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ ...fields, err: message }, 'job failed');
      await api.post(job, 'failed', { error: message.slice(0, 2000) || 'unknown error' }).catch((err: unknown) => log.warn({ ...fields, err: String(err) }, 'could not report the failure'));
    }
  } finally {
    clearInterval(heartbeat);
    stopped.signal.removeEventListener('abort', stop);
    await rm(workDir, { recursive: true, force: true });
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    stopped.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

async function loop(): Promise<void> {
  log.info({ url: settings.url, scratch, ffmpeg: tools.ffmpeg }, 'runner started');
  while (!stopping) {
    let job: ClaimedJob | null = null;
    try {
      job = await api.claim();
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'cannot claim a job');
    }
    if (job) await runJob(job);
    else await pause(settings.pollMs);
  }
}

const running = loop();
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    stopping = true;
    stopped.abort();
    void running.finally(async () => {
      if (!settings.workDir) await rm(scratch, { recursive: true, force: true });
      process.exit(0);
    });
  });
}
await running;
