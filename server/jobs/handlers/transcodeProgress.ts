// Where one transcode run stands, as plain state: which rungs play and which are on their way,
// whether the video is ready yet, whether HLS plays (a packaged rung or the start rung's stream),
// and which progress reports are worth sending. The transcode handler (transcode.ts) does the
// I/O and asks this what to say; nothing here touches storage, the database or the bus.

export type RunStatus = 'processing' | 'ready';

/** At most one progress report this often, and only when the percentage moved. */
export const PROGRESS_INTERVAL_MS = 500;

export interface TranscodeStart {
  /** Heights with a rendition already (from an earlier attempt). */
  qualities: number[];
  /** Heights already packaged for HLS. */
  packaged: number[];
  /** Heights this run makes. */
  todo: number[];
}

export class TranscodeProgress {
  readonly qualities: number[];
  readonly packaged: number[];
  /** Rungs on their way; on a redo the packaged ones keep playing until their new file replaces them. */
  readonly pending: number[];
  /** The rungs this run published, for the job's log line. */
  readonly made: number[] = [];
  status: RunStatus;
  /** The last percentage reported (-1: none yet). */
  lastPercent = -1;
  private lastReportAt = 0;
  private fragments = 0;

  constructor(start: TranscodeStart) {
    this.qualities = [...start.qualities];
    this.packaged = [...start.packaged];
    this.pending = start.todo.filter((height) => !start.packaged.includes(height));
    this.status = start.qualities.length ? 'ready' : 'processing';
  }

  /** The percentage to report for ffmpeg's `fraction` at `now`, or null when not worth a report. */
  progressReport(fraction: number, now: number): number | null {
    const percent = Math.min(99, Math.floor(fraction * 100));
    if (percent === this.lastPercent || now - this.lastReportAt < PROGRESS_INTERVAL_MS) return null;
    this.lastReportAt = now;
    this.lastPercent = percent;
    return percent;
  }

  /** The percentage to show between reports (0 before the first). */
  get shownPercent(): number {
    return Math.max(this.lastPercent, 0);
  }

  /** How many of the streamed rung's fragments are published so far. */
  get fragmentsPublished(): number {
    return this.fragments;
  }

  /** Records the streamed rung's published fragment count; true the first time any are published. */
  fragmentsNowPublished(count: number): boolean {
    const first = this.fragments === 0;
    this.fragments = count;
    return first;
  }

  /** The master playlist lists a packaged rung or the stream. */
  get playsAsHls(): boolean {
    return this.packaged.length > 0 || this.fragments > 0;
  }

  /** A rung's rendition is published: it plays, is packaged, and is no longer on its way. */
  rungPublished(height: number): void {
    this.made.push(height);
    if (!this.qualities.includes(height)) this.qualities.push(height);
    if (!this.packaged.includes(height)) this.packaged.push(height);
    const at = this.pending.indexOf(height);
    if (at >= 0) this.pending.splice(at, 1);
  }

  /** Whether the video still waits for its first playable rung (then it is marked ready). */
  get waitsForReady(): boolean {
    return this.status === 'processing';
  }

  markedReady(): void {
    this.status = 'ready';
  }

  /** The rungs this run made, best first. */
  madeRungs(): number[] {
    return [...this.made].sort((a, b) => b - a);
  }
}
