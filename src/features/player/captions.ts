// Captions drawn by the player itself (CaptionsOverlay.tsx) rather than by the browser: the
// browser's cues sit in a thin strip at the very bottom of the picture, under the control bar,
// small, and no style moves them. The chosen track runs 'hidden' (its cues load and turn active,
// nothing is painted) and the overlay shows its active cues, above the control bar while it shows.
import { type RefObject, useEffect, useState } from 'react';
import { PLAYER_KEYS, readDeviceValue, writeDeviceValue } from '../../lib/storage';

export const CAPTION_SIZES = [
  { value: 'small', label: 'Small', scale: 0.8 },
  { value: 'medium', label: 'Medium', scale: 1 },
  { value: 'large', label: 'Large', scale: 1.25 },
  { value: 'x-large', label: 'Extra large', scale: 1.5 },
] as const;
export type CaptionSize = (typeof CAPTION_SIZES)[number]['value'];
const DEFAULT_SIZE: CaptionSize = 'medium';

/** The size kept on this device (Medium when none or unknown). */
export function readCaptionSize(): CaptionSize {
  const stored = readDeviceValue(PLAYER_KEYS.captionSize);
  return CAPTION_SIZES.find((size) => size.value === stored)?.value ?? DEFAULT_SIZE;
}

export const storeCaptionSize = (size: CaptionSize) => writeDeviceValue(PLAYER_KEYS.captionSize, size);

/**
 * Font size in pixels for a player `width` wide: 2.6% of the width (about YouTube's), never under
 * 15 px (a phone's player is ~390 px wide) nor over 36, times the viewer's size.
 */
export function captionFontSize(width: number, size: CaptionSize): number {
  const scale = CAPTION_SIZES.find((entry) => entry.value === size)?.scale ?? 1;
  return Math.round(Math.min(36, Math.max(15, width * 0.026)) * scale * 10) / 10;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f', quot: '"', apos: "'" };

/** A cue's text as plain lines: WebVTT tags (<i>, <v Speaker>, <c.class>, timestamps) dropped, entities decoded. */
export function cuePlainText(text: string): string {
  return text.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|nbsp|lrm|rlm|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
}

/** The text of the active cues of the `language` subtitles track ('' when none or Off), following the playback. */
export function useActiveCaptions(videoRef: RefObject<HTMLVideoElement | null>, language: string, tracksKey: string): string {
  const [text, setText] = useState('');
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const tracks = Array.from(video.textTracks);
    for (const track of tracks) track.mode = track.language === language ? 'hidden' : 'disabled';
    const track = tracks.find((candidate) => candidate.language === language);
    if (!track) {
      setText('');
      return;
    }
    const update = () =>
      setText(
        Array.from(track.activeCues ?? [])
          .map((cue) => cuePlainText((cue as VTTCue).text ?? ''))
          .join('\n'),
      );
    update();
    track.addEventListener('cuechange', update);
    return () => track.removeEventListener('cuechange', update);
  }, [videoRef, language, tracksKey]);
  return text;
}
