// Where a video's files live in storage (removing them all: server/useCases/videoRemoval.ts).
export const sourceKey = (videoId: string, extension: string) => `sources/${videoId}${extension}`;
export const renditionKey = (videoId: string, height: number) => `videos/${videoId}/${height}.mp4`;
/** A rung's HLS media playlist, beside its file (its URIs are the file's base name). */
export const hlsPlaylistKey = (videoId: string, height: number) => `videos/${videoId}/${height}.m3u8`;
export const captionKey = (videoId: string, captionId: string) => `captions/${videoId}/${captionId}.vtt`;
export const hlsMasterKey = (videoId: string) => `videos/${videoId}/master.m3u8`;

/**
 * A streamed rung's files while the ladder is made (its EVENT playlist, init section and numbered
 * fragments), named as their URLs end under /media/video/hls/<videoId>/ and kept under
 * videos/<videoId>/live/ until the rung's own file is published.
 */
export const liveFileName = (height: number, part: 'playlist' | 'init' | number) =>
  part === 'playlist' ? `live-${height}.m3u8` : part === 'init' ? `live-${height}-init.mp4` : `live-${height}-${part}.m4s`;
export const liveFilesPrefix = (videoId: string) => `videos/${videoId}/live/`;
export const liveFileKey = (videoId: string, fileName: string) => `${liveFilesPrefix(videoId)}${fileName}`;

/** Whether browsers can play the stored source as it is (the sniffed extension settles MP4 vs MOV, WebM vs MKV). */
export function sourcePlayable(probe: { browserPlayable: boolean }, key: string): boolean {
  return probe.browserPlayable && /\.(mp4|webm)$/.test(key);
}
/** One transcode job per video, so deleting the video can find and cancel it. */
export const transcodeJobId = (videoId: string) => `transcode-${videoId}`;
