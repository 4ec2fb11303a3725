// What an uploaded file really is: sniffed container, then ffprobe. Used by the video intake
// (server/useCases/ingest.ts) before anything is stored.
import { fileTypeFromFile } from 'file-type';
import type { Config } from '../config.js';
import { unsupported } from '../domain/errors.js';
import { mediaTools } from './ffmpeg.js';
import { probeVideo, type VideoProbe } from './probe.js';

const NOT_A_VIDEO = 'Video file must be an MP4, WebM or MOV video';

/** Containers we accept, by sniffed MIME type, with the extension the stored source gets. */
const CONTAINERS: Record<string, string> = {
  'video/mp4': '.mp4',
  'video/x-m4v': '.mp4',
  'video/quicktime': '.mov',
  'video/webm': '.webm',
};

export interface InspectedVideo {
  mime: string;
  extension: string;
  probe: VideoProbe;
}

/** Magic bytes first (cheap), then ffprobe over every packet; 415 for anything else. */
export async function inspectVideo(config: Pick<Config, 'ffmpegPath' | 'ffprobePath'>, path: string): Promise<InspectedVideo> {
  const sniffed = await fileTypeFromFile(path);
  const extension = sniffed && CONTAINERS[sniffed.mime];
  if (!sniffed || !extension) throw unsupported(NOT_A_VIDEO);
  const probe = await probeVideo(mediaTools(config), path);
  if (!probe) throw unsupported(`${NOT_A_VIDEO}; this one could not be read (damaged or incomplete)`);
  return { mime: sniffed.mime, extension, probe };
}
