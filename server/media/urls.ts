// Media URLs as the spec describes them: a path with an /upload/ segment, after which a
// quality segment (q_auto:best|good|eco|low) may be inserted to choose a rendition.
export interface MediaUrls {
  video(videoId: string): string;
  image(imageName: string): string;
}

export function createMediaUrls(publicUrl: string): MediaUrls {
  return {
    video: (videoId) => `${publicUrl}/media/video/upload/${videoId}.mp4`,
    image: (imageName) => (imageName ? `${publicUrl}/media/image/upload/${imageName}` : ''),
  };
}
