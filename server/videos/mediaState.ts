// The transcoding side of a video's answer: which renditions exist, how far the job is, what
// is still coming and whether the source can play meanwhile.
import type { ReadRepositories } from '../db/repositories/reads.js';
import { ladderFor, qualityHeight } from '../media/ladder.js';
import { transcodeJobId } from '../media/videoFiles.js';

export interface VideoMediaState {
  /** Heights of the renditions that exist, best first. */
  qualities: number[];
  /** Transcoding progress 0..100 (100 once every rendition exists). */
  progress: number;
  /** At least one rung is an HLS variant, or the lowest streams while the ladder is made: the master playlist exists. */
  hls: boolean;
  /** Ladder heights still to come while a transcode job is queued or running, best first. */
  pendingQualities: number[];
  /** The source's extension when browsers play it and no rendition exists yet. */
  playableSource: string | null;
}

/** What the video answer shows about transcoding (Video.qualities, progress, hlsUrl, sourceUrl, pendingQualities). */
export async function videoMediaState(repos: Pick<ReadRepositories, 'videoMedia' | 'jobs'>, videoId: string): Promise<VideoMediaState> {
  const media = repos.videoMedia;
  const [video, renditions, job] = await Promise.all([
    media.find(videoId),
    media.renditions(videoId),
    repos.jobs.progressOf(transcodeJobId(videoId)),
  ]);
  const qualities = renditions.map((row) => Number(row.height));
  const packaged = renditions.filter((row) => row.playlist_key).map((row) => Number(row.height));
  const progress = !job || job.state === 'done' ? (qualities.length ? 100 : 0) : Number(job.progress);
  const working = job !== undefined && job.state !== 'done' && job.state !== 'failed';
  const ladder = video ? ladderFor(qualityHeight(video.width, video.height)).map((rung) => rung.height) : [];
  const extension = /\.(mp4|webm)$/.exec(video?.source_key ?? '')?.[0] ?? null;
  return {
    qualities,
    progress,
    hls: packaged.length > 0 || (video?.streaming_height ?? null) !== null,
    pendingQualities: working ? ladder.filter((height) => !packaged.includes(height)) : [],
    playableSource: qualities.length === 0 && video?.status !== 'failed' && Number(video?.source_playable) ? extension : null,
  };
}
