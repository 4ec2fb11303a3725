// What a video file really is, read by ffprobe (never trusted from names or declared types).
import { type MediaTools, runTool } from './ffmpeg.js';

export interface VideoProbe {
  /** Seconds. */
  duration: number;
  /** Display size (rotation applied). */
  width: number;
  height: number;
  hasAudio: boolean;
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  nb_read_packets?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { duration?: string };
}

/** Demuxer complaints that mean the file was cut short: reading all packets surfaces them. */
const TRUNCATED = /partial file|File ended prematurely|moov atom not found|Truncating packet|invalid as first byte of an EBML number/i;

const MAX_SIDE = 8192;

function rotation(stream: ProbeStream): number {
  const fromMatrix = stream.side_data_list?.find((entry) => typeof entry.rotation === 'number')?.rotation;
  return Math.abs(Number(fromMatrix ?? stream.tags?.rotate ?? 0)) % 180;
}

/**
 * Probes a file and demuxes every packet (cheap: no decoding) so that a truncated upload is
 * caught here rather than half-way through transcoding. Returns null when it is not a playable video.
 */
export async function probeVideo(tools: MediaTools, path: string, signal?: AbortSignal): Promise<VideoProbe | null> {
  let output: ProbeOutput;
  let stderr: string;
  try {
    const run = await runTool(tools.ffprobe, ['-v', 'error', '-count_packets', '-print_format', 'json', '-show_streams', '-show_format', path], {
      signal,
    });
    output = JSON.parse(run.stdout.toString('utf8')) as ProbeOutput;
    stderr = run.stderr;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
  if (TRUNCATED.test(stderr)) return null;
  const streams = output.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic && stream.width && stream.height);
  if (!video || Number(video.nb_read_packets ?? 1) === 0) return null;
  const duration = Number(output.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0) return null;
  const turned = rotation(video) === 90;
  const width = turned ? video.height! : video.width!;
  const height = turned ? video.width! : video.height!;
  if (width > MAX_SIDE || height > MAX_SIDE) return null;
  return { duration, width, height, hasAudio: streams.some((stream) => stream.codec_type === 'audio') };
}
