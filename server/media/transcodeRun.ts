// The encode half of a transcode: pure ffmpeg work on local files, the same in the worker and in a
// remote runner (`npm run runner`). It probes the source, asks its recorder what to make, encodes
// the ladder and hands each step over. The recorder is the record half: in the worker the job's
// own (database, storage, events: jobs/handlers/transcodeRecord.ts), in a runner an HTTP client
// that uploads each step to the API (server/runner/apiRecorder.ts), whose routes run that same
// record half. Nothing here touches a database, Redis or the media storage.
import { join } from 'node:path';
import type { MediaTools } from './ffmpeg.js';
import type { Rung } from './ladder.js';
import { probeVideo, type VideoProbe } from './probe.js';
import { type GrowingRung, type Rendition, transcodeLadder } from './transcode.js';

/** What the recorder decides once it knows the source. */
export interface TranscodePlan {
  /** The rungs to make (possibly none: an earlier attempt made them all). */
  rungs: Rung[];
  /** Stream the start rung while the ladder is made (a new video that plays nothing yet). */
  stream: boolean;
  /** x264 preset (TRANSCODE_PRESET of the deployment). */
  preset: string;
}

/** The record half, as the encode half sees it. */
export interface TranscodeRecorder {
  /** The source is probed: record it and say what to make. */
  plan(probe: VideoProbe): Promise<TranscodePlan>;
  /** 0..1 over the whole run; never awaited (ffmpeg's progress output must not wait). */
  progress(fraction: number): void;
  /** The streamed rung has grown by fragments (one call at a time). */
  fragments(rung: GrowingRung): Promise<void>;
  /** A rung is complete; its files may be moved away. */
  rendition(rendition: Rendition): Promise<void>;
}

export interface EncodeRequest {
  tools: MediaTools;
  /** The source, on local disk. */
  sourcePath: string;
  /** A scratch folder of this attempt. */
  workDir: string;
  signal?: AbortSignal;
}

/** Probes, plans and encodes; throws when the source is not a readable video or a step fails. */
export async function encodeTranscode(request: EncodeRequest, recorder: TranscodeRecorder): Promise<void> {
  const probe = await probeVideo(request.tools, request.sourcePath, request.signal);
  if (!probe) throw new Error('the source is not a readable video');
  const plan = await recorder.plan(probe);
  if (!plan.rungs.length) return;
  await transcodeLadder({
    tools: request.tools,
    sourcePath: request.sourcePath,
    probe,
    rungs: plan.rungs,
    startFirst: false,
    workDir: join(request.workDir, 'out'),
    preset: plan.preset,
    signal: request.signal,
    onProgress: (fraction) => recorder.progress(fraction),
    onFragments: plan.stream ? (rung) => recorder.fragments(rung) : undefined,
    onRendition: (rendition) => recorder.rendition(rendition),
  });
}
