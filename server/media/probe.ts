// What a video file really is, read by ffprobe (never trusted from names or declared types).
import { type MediaTools, runTool } from './ffmpeg.js';

export interface VideoProbe {
  /** Seconds. */
  duration: number;
  /** Display size (rotation applied). */
  width: number;
  height: number;
  /** The first audio stream's format; null without audio. */
  audio: AudioFacts | null;
  /**
   * The streams are ones browsers play: H.264 (4:2:0) with AAC/MP3 in the MP4 family, or VP8/VP9/AV1
   * with Opus/Vorbis in the Matroska family. ffprobe cannot tell MP4 from MOV nor WebM from MKV:
   * see sourcePlayable() for the container.
   */
  browserPlayable: boolean;
}

export interface AudioFacts {
  codec: string;
  /** ffprobe's profile name, e.g. 'LC' or 'HE-AAC' for AAC. */
  profile: string | null;
  channels: number;
  sampleRate: number;
  /** The stream's declared bitrate; null when the container does not say (Matroska, WebM). */
  kbps: number | null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  channels?: number;
  sample_rate?: string;
  bit_rate?: string;
  pix_fmt?: string;
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
  format?: { duration?: string; format_name?: string };
}

const PLAYABLE = [
  { container: /\bmp4\b/, video: ['h264'], audio: ['aac', 'mp3'] },
  { container: /\bwebm\b/, video: ['vp8', 'vp9', 'av1'], audio: ['opus', 'vorbis'] },
];

function browserPlayable(formatName: string, video: ProbeStream, streams: ProbeStream[]): boolean {
  const audio = streams.filter((stream) => stream.codec_type === 'audio');
  if (audio.length > 1 || !['yuv420p', 'yuvj420p', undefined].includes(video.pix_fmt)) return false;
  return PLAYABLE.some(
    (kind) =>
      kind.container.test(formatName) &&
      kind.video.includes(video.codec_name ?? '') &&
      audio.every((stream) => kind.audio.includes(stream.codec_name ?? '')),
  );
}

/** Demuxer complaints that mean the file was cut short: reading all packets surfaces them. */
const TRUNCATED = /partial file|File ended prematurely|moov atom not found|Truncating packet|invalid as first byte of an EBML number/i;

const MAX_SIDE = 8192;

function audioFacts(stream: ProbeStream | undefined): AudioFacts | null {
  if (!stream) return null;
  const bitRate = Number(stream.bit_rate);
  return {
    codec: stream.codec_name ?? '',
    profile: stream.profile ?? null,
    channels: stream.channels ?? 0,
    sampleRate: Number(stream.sample_rate) || 0,
    kbps: Number.isFinite(bitRate) && bitRate > 0 ? Math.round(bitRate / 1000) : null,
  };
}

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
  return {
    duration,
    width,
    height,
    audio: audioFacts(streams.find((stream) => stream.codec_type === 'audio')),
    browserPlayable: browserPlayable(output.format?.format_name ?? '', video, streams),
  };
}
