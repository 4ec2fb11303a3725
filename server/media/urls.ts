// Media URLs as the spec describes them: a path with an /upload/ segment, after which a
// quality segment (q_auto:best|good|eco|low) may be inserted to choose a rendition.
export interface MediaUrls {
  video(videoId: string): string;
  image(imageName: string): string;
  /** The HLS master playlist. */
  hls(videoId: string): string;
  /** One packaged rung as a whole progressive MP4 (the file its HLS playlist ranges into). */
  rung(videoId: string, height: number): string;
  /** The original upload, played while no rung exists (mp4 or webm). */
  source(videoId: string, extension: string): string;
  caption(videoId: string, captionId: string): string;
  /** The app's own icon (the web app manifest's), where no person is shown (moderation notices). */
  appIcon(): string;
}

export function createMediaUrls(publicUrl: string): MediaUrls {
  return {
    video: (videoId) => `${publicUrl}/media/video/upload/${videoId}.mp4`,
    image: (imageName) => (imageName ? `${publicUrl}/media/image/upload/${imageName}` : ''),
    hls: (videoId) => `${publicUrl}/media/video/hls/${videoId}/master.m3u8`,
    rung: (videoId, height) => `${publicUrl}/media/video/hls/${videoId}/${height}.mp4`,
    source: (videoId, extension) => `${publicUrl}/media/video/source/${videoId}${extension}`,
    caption: (videoId, captionId) => `${publicUrl}/media/captions/${videoId}/${captionId}.vtt`,
    appIcon: () => `${publicUrl}/icons/icon-192.png`,
  };
}
