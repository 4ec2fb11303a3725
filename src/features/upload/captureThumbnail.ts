// The upload screen's automatic thumbnail: the frame at 1 s (or the middle
// of a shorter video) as a JPEG of quality 0.7, made in the browser.
const THUMBNAIL_AT_SECONDS = 1;
const THUMBNAIL_QUALITY = 0.7;
const MAX_WIDTH = 1280;
const TIMEOUT_MS = 15_000;

/** 'holiday.clip.mp4' -> 'holiday.clip'. */
export function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** The captured frame as a File, or null when the browser cannot decode the video. */
export function captureThumbnail(file: File): Promise<File | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let settled = false;
    const finish = (result: File | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(result);
    };
    const timer = setTimeout(() => finish(null), TIMEOUT_MS);
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.onerror = () => finish(null);
    video.onloadedmetadata = () => {
      const at = Number.isFinite(video.duration) && video.duration < THUMBNAIL_AT_SECONDS * 2 ? video.duration / 2 : THUMBNAIL_AT_SECONDS;
      video.currentTime = at;
    };
    video.onseeked = () => {
      const scale = Math.min(1, MAX_WIDTH / (video.videoWidth || MAX_WIDTH));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
      canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
      const context = canvas.getContext('2d');
      if (!context) return finish(null);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(
        (blob) => finish(blob ? new File([blob], `${baseName(file.name)}.jpg`, { type: 'image/jpeg' }) : null),
        'image/jpeg',
        THUMBNAIL_QUALITY,
      );
    };
    video.src = url;
  });
}
