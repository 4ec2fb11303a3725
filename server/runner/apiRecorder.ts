// The record half as a remote runner sees it: every step of the encode half (media/transcodeRun.ts)
// uploaded to the API, whose routes run the real record half on it (useCases/runnerJobs.ts).
import { open } from 'node:fs/promises';
import type { VideoProbe } from '../media/probe.js';
import type { GrowingRung, Rendition } from '../media/transcode.js';
import type { TranscodePlan, TranscodeRecorder } from '../media/transcodeRun.js';
import type { Lease, RunnerApi } from './apiClient.js';

/** ffmpeg reports progress many times a second: the API hears at most this often (and at each heartbeat). */
const PROGRESS_EVERY_MS = 1000;

export class ApiRecorder implements TranscodeRecorder {
  /** The latest progress (0..1), also sent by the heartbeat. */
  fraction = 0;
  private lastSentAt = 0;
  /** How many of the streamed rung's fragments the API has published. */
  private published = 0;

  constructor(
    private readonly api: RunnerApi,
    private readonly lease: Lease,
    /** A progress report that failed (sent in the background, never awaited by ffmpeg's output). */
    private readonly onFailure: (error: unknown) => void,
  ) {}

  plan(probe: VideoProbe): Promise<TranscodePlan> {
    return this.api.post<TranscodePlan>(this.lease, 'plan', { probe });
  }

  progress(fraction: number): void {
    this.fraction = fraction;
    const now = Date.now();
    if (now - this.lastSentAt < PROGRESS_EVERY_MS) return;
    this.lastSentAt = now;
    this.heartbeat().catch(this.onFailure);
  }

  /** Sends the latest progress: what keeps the lease while ffmpeg works. */
  async heartbeat(): Promise<void> {
    await this.api.post(this.lease, 'progress', { fraction: this.fraction });
  }

  async fragments(rung: GrowingRung): Promise<void> {
    const { playlist } = rung;
    const segments = playlist.segments;
    if (segments.length <= this.published) return;
    // Everything the API lacks is one run of bytes: the init section first time, then the new fragments.
    const from = this.published === 0 ? playlist.map.offset : segments[this.published]!.offset;
    const last = segments.at(-1)!;
    const bytes = Buffer.alloc(last.offset + last.length - from);
    const file = await open(rung.path, 'r');
    try {
      const { bytesRead } = await file.read(bytes, 0, bytes.length, from);
      if (bytesRead !== bytes.length) throw new Error('the streamed rung ends before its playlist says');
    } finally {
      await file.close();
    }
    const answer = await this.api.post<{ published: number }>(this.lease, 'fragments', {
      height: rung.height,
      playlist,
      offset: from,
      bytes: bytes.toString('base64'),
      published: this.published,
    });
    this.published = answer.published;
  }

  async rendition(rendition: Rendition): Promise<void> {
    await this.api.upload(this.lease, `${rendition.height}.mp4`, rendition.path);
    await this.api.upload(this.lease, `${rendition.height}.m3u8`, rendition.hls.playlistPath);
    await this.api.post(this.lease, 'renditions', { height: rendition.height, encodeSeconds: rendition.encodeSeconds });
  }
}
