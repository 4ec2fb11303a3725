// How the player gets its pictures. hls.js over Media Source Extensions wherever they
// exist, so Auto steps the same way in every browser; the browser's own HLS where there is no MSE
// (older iPhones); otherwise, or for a manual quality without hls.js, the progressive MP4.
import { AUTO, type QualityChoice } from './quality';

export type PlaybackMode = 'hls.js' | 'native' | 'progressive';

export interface BrowserMedia {
  /** MSE (or Safari's ManagedMediaSource) that takes H.264/AAC in fMP4: what hls.js needs. */
  mse: boolean;
  /** The <video> element plays an .m3u8 by itself. */
  nativeHls: boolean;
}

export function playbackMode(hlsUrl: string | null | undefined, choice: QualityChoice, browser: BrowserMedia): PlaybackMode {
  if (!hlsUrl) return 'progressive';
  if (browser.mse) return 'hls.js';
  // Native HLS cannot be told which rung to play: a manual quality plays that rendition's MP4.
  return browser.nativeHls && choice === AUTO ? 'native' : 'progressive';
}

const H264_AAC = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';

/** What this browser offers (the same test hls.js makes, without loading hls.js to make it). */
export function browserMedia(): BrowserMedia {
  if (typeof window === 'undefined' || typeof document === 'undefined') return { mse: false, nativeHls: false };
  const source = (window as { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource ?? window.MediaSource;
  const mse = typeof source?.isTypeSupported === 'function' && source.isTypeSupported(H264_AAC);
  const nativeHls = Boolean(document.createElement('video').canPlayType?.('application/vnd.apple.mpegurl'));
  return { mse, nativeHls };
}
