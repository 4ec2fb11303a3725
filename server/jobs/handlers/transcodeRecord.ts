// The record half of a transcode: everything but ffmpeg. It records the probe, decides which rungs
// to make (the ladder minus what an earlier attempt packaged), publishes the streamed rung's
// fragments and every finished rung (storage, rows, master playlist), marks the video ready and
// tells the owner and the viewers (domain events). The worker's transcode job runs it beside the
// encode half (media/transcodeRun.ts) in one process; with TRANSCODE_RUNNERS=remote the API runs it
// as a remote runner uploads each step (useCases/runnerJobs.ts). Where one run stands is
// TranscodeProgress (plain state); this class does the I/O it asks for.
import { startHeight } from '../../../contract/limits.js';
import { reachOf } from '../../domain/videoReach.js';
import type { VideoMediaRow } from '../../db/repositories/videoMedia.js';
import { ladderFor, qualityHeight } from '../../media/ladder.js';
import type { VideoProbe } from '../../media/probe.js';
import { publishFragments, publishRendition, removeLiveFiles } from '../../media/publish.js';
import type { GrowingRung, Rendition } from '../../media/transcode.js';
import type { TranscodePlan, TranscodeRecorder } from '../../media/transcodeRun.js';
import { createMediaUrls } from '../../media/urls.js';
import { sourcePlayable } from '../../media/videoFiles.js';
import type { JobDeps, JobPayloads, JobReport } from '../types.js';
import { TranscodeProgress } from './transcodeProgress.js';

/** The video was deleted while we worked: stop quietly. */
export class VideoGone extends Error {}

/** A media job's end when its work threw VideoGone; any other error stays one. */
export function videoGoneAsDeleted(error: unknown): { videoDeleted: true } {
  if (error instanceof VideoGone) return { videoDeleted: true };
  throw error;
}

export type RecordDeps = Pick<JobDeps, 'config' | 'repos' | 'storage' | 'events' | 'log'>;

/** Tells the owner how far the transcode is; `playsAsHls`: the master playlist lists a rung or the stream. */
export function announce(deps: RecordDeps, ownerId: string, videoId: string, status: 'processing' | 'ready' | 'failed', progress: number, qualities: number[], playsAsHls: boolean) {
  const hlsUrl = status === 'ready' && playsAsHls ? createMediaUrls(deps.config.publicUrl).hls(videoId) : null;
  return deps.events.publish('video.transcodeProgressed', { ownerId, videoId, status, progress, qualities: [...qualities].sort((a, b) => b - a), hlsUrl });
}

/**
 * Tells the video's viewers which qualities exist now and which are still on their way (HLS plays
 * once one exists or streams). Its reach is read now: a moderator may take the video down while it
 * transcodes, and one deleted meanwhile has no viewers left to tell.
 */
export async function announceQualities(deps: Pick<JobDeps, 'config' | 'repos' | 'events'>, videoId: string, qualities: number[], pending: number[], streaming = false) {
  const video = await deps.repos.videoMedia.find(videoId);
  if (!video) return;
  const best = (heights: number[]) => [...new Set(heights)].sort((a, b) => b - a);
  await deps.events.publish('video.qualitiesChanged', {
    videoId,
    qualities: best(qualities),
    pendingQualities: best(pending),
    hlsUrl: qualities.length || streaming ? createMediaUrls(deps.config.publicUrl).hls(videoId) : null,
    ...reachOf(video),
  });
}

/** The job the record half works for: its payload, and where its progress is stored. */
export interface RecordJob {
  payload: JobPayloads['transcode'];
  /** Stores 0..100 in the job row. */
  progress(percent: number): Promise<void>;
}

export class TranscodeRecord implements TranscodeRecorder {
  private run: TranscodeProgress | null = null;
  private streamedHeight: number | null = null;
  /** Progress writes in order, without holding up ffmpeg's progress output. */
  private progressWrites = Promise.resolve();

  private constructor(
    private readonly deps: RecordDeps,
    private readonly video: VideoMediaRow,
    private readonly job: RecordJob,
  ) {}

  /** The record half of the job's video; null when the video was deleted. */
  static async open(deps: RecordDeps, job: RecordJob): Promise<TranscodeRecord | null> {
    const video = await deps.repos.videoMedia.find(job.payload.videoId);
    return video ? new TranscodeRecord(deps, video, job) : null;
  }

  /**
   * The record half of a run already planned (by another API process, or before this one
   * restarted), rebuilt from the database: what is packaged plays, the rest of the ladder is on its
   * way, and the start rung streams while the video has no rendition. `fragmentsPublished`: how many
   * of the streamed rung's fragments are out already. Null when the video was deleted.
   */
  static async resume(deps: RecordDeps, job: RecordJob, fragmentsPublished: number): Promise<TranscodeRecord | null> {
    const record = await TranscodeRecord.open(deps, job);
    if (!record) return null;
    const { video } = record;
    const media = deps.repos.videoMedia;
    const packaged = await media.packagedQualities(video.id);
    const todo = ladderFor(qualityHeight(video.width, video.height)).map((rung) => rung.height).filter((height) => !packaged.includes(height));
    const run = new TranscodeProgress({ qualities: await media.qualities(video.id), packaged, todo });
    record.run = run;
    record.streamedHeight = video.streaming_height ?? (run.qualities.length === 0 ? (startHeight(todo) ?? null) : null);
    if (fragmentsPublished > 0) run.fragmentsNowPublished(fragmentsPublished);
    return record;
  }

  get videoId(): string {
    return this.video.id;
  }

  get sourceKey(): string {
    return this.video.source_key;
  }

  private get media() {
    return this.deps.repos.videoMedia;
  }

  private started(): TranscodeProgress {
    if (!this.run) throw new Error('the transcode has no plan yet');
    return this.run;
  }

  private tell(percent: number) {
    const run = this.started();
    return announce(this.deps, this.video.owner_id, this.video.id, run.status, percent, run.qualities, run.playsAsHls);
  }

  /**
   * The first playable rung: that is when its channel's subscribers hear of the video. While its
   * owner is suspended it is held (stays processing, nobody is told) and tried again at the next
   * rung; lifting the suspension publishes it.
   */
  private async makeReady(): Promise<void> {
    const run = this.started();
    if (!run.waitsForReady) return;
    const outcome = await this.media.markReady(this.video.id);
    if (outcome === 'held') return;
    if (outcome === 'published') await this.deps.events.publish('video.published', { videoId: this.video.id, ownerId: this.video.owner_id });
    run.markedReady();
  }

  async plan(probe: VideoProbe): Promise<TranscodePlan> {
    const { video, media } = this;
    await media.setProbe(video.id, { ...probe, browserPlayable: sourcePlayable(probe, video.source_key) });
    const packagedBefore = await media.packagedQualities(video.id);
    const redo = this.job.payload.redo === true;
    const todo = ladderFor(qualityHeight(probe.width, probe.height)).filter((rung) => redo || !packagedBefore.includes(rung.height));
    const run = new TranscodeProgress({ qualities: await media.qualities(video.id), packaged: packagedBefore, todo: todo.map((rung) => rung.height) });
    this.run = run;
    // Nothing plays yet: stream the start rung (360p) while the ladder is made.
    this.streamedHeight = run.qualities.length === 0 ? (startHeight(todo.map((rung) => rung.height)) ?? null) : null;
    return { rungs: todo, stream: this.streamedHeight !== null, preset: this.deps.config.transcodePreset };
  }

  progress(fraction: number): void {
    // A remote runner's heartbeat may come while its plan is still being recorded: nothing to report yet.
    if (!this.run) return;
    const percent = this.run.progressReport(fraction, Date.now());
    if (percent === null) return;
    this.progressWrites = this.progressWrites.then(() => this.job.progress(percent)).catch(() => undefined);
    void this.tell(percent);
  }

  async fragments(rung: GrowingRung): Promise<void> {
    const run = this.started();
    const published = await publishFragments({ storage: this.deps.storage, media: this.media }, this.video.id, rung, run.fragmentsPublished);
    if (published === null) throw new VideoGone();
    if (run.fragmentsNowPublished(published)) {
      // Ready first, so the refetch the announcement causes finds the video listed.
      await this.makeReady();
      await announceQualities(this.deps, this.video.id, run.packaged, run.pending, true);
      await this.tell(run.shownPercent);
    }
  }

  /** How many of the streamed rung's fragments are published (a remote runner's uploads follow it). */
  get fragmentsPublished(): number {
    return this.run?.fragmentsPublished ?? 0;
  }

  async rendition(rendition: Rendition): Promise<void> {
    const run = this.started();
    const { deps, video } = this;
    await deps.events.publish('video.rungEncoded', { videoId: video.id, height: rendition.height, encodeSeconds: rendition.encodeSeconds });
    if (!(await publishRendition({ storage: deps.storage, media: this.media }, video.id, rendition))) throw new VideoGone();
    if (rendition.height === this.streamedHeight) {
      // The rung's file holds the streamed fragments: its playlist now answers for the live one.
      // Players on the stream move over at their next reload (every 2 s; ours reload the master
      // at once), so its own fragments go a grace period later.
      await this.media.setStreamingHeight(video.id, null);
      const remove = () => removeLiveFiles(deps.storage, video.id).catch((err: unknown) => deps.log.warn({ videoId: video.id, err }, 'removing streamed fragments failed'));
      setTimeout(remove, deps.config.liveFilesGraceMs).unref();
    }
    run.rungPublished(rendition.height);
    await announceQualities(deps, video.id, run.packaged, run.pending);
    await this.makeReady();
    await this.tell(run.shownPercent);
  }

  /** Every rung is in: the video is ready (unless held) and the owner hears 100 %. */
  async finish(): Promise<JobReport> {
    const run = this.started();
    await this.progressWrites;
    await this.makeReady();
    await this.tell(100);
    return { rungs: run.madeRungs() };
  }
}
