// hls.js on the player's <video> (issue 16): imported on first use, so it is a chunk of its own that
// only the watch screen ever loads. Reports the rungs the master playlist offers, follows the
// viewer's choice (Auto lets hls.js pick by bandwidth; a manual quality switches at once, keeping
// the time and the play state), recovers what it can and gives up to the MP4 otherwise.
import type Hls from 'hls.js';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useSettled } from '../../lib/useSettled';
import { AUTO, QUALITY_OPTIONS, type QualityChoice, rungOf } from './quality';

/** A one-run ladder publishes its rungs within a second of each other: read the master once for them. */
const RUNG_BURST_MS = 1000;

interface Options {
  enabled: boolean;
  hlsUrl: string | null | undefined;
  choice: QualityChoice;
  /** Changes when the server publishes a rung: the playlist is read again to offer it. */
  version: string;
  /** Where to start (the resume time); read when a playlist is (re)loaded. */
  startPosition: () => number;
  /** Called before the element's source changes, so the player can keep the time and play state. */
  beforeDetach: () => void;
  /** hls.js cannot play this: the player falls back to the progressive MP4. */
  onUnplayable: () => void;
}

let hlsModule: Promise<typeof import('hls.js/light')> | null = null;
/** hls.js, fetched once; the watch screen asks in idle time once the page has loaded, before the first play. */
export function loadHls() {
  hlsModule ??= import('hls.js/light');
  return hlsModule;
}

function applyChoice(hls: Hls, choice: QualityChoice): void {
  if (choice === AUTO) {
    // Back to Auto without flushing what is buffered: the next fragments follow the bandwidth.
    if (!hls.autoLevelEnabled) hls.nextLevel = -1;
    return;
  }
  const height = QUALITY_OPTIONS.find((option) => option.segment === choice)?.height;
  const index = hls.levels.findIndex((level) => rungOf(level.width, level.height) === height);
  if (index < 0 || (!hls.autoLevelEnabled && hls.currentLevel === index)) return;
  hls.currentLevel = index;
  // A paused element keeps showing the old rung's frame: once the new one is buffered, seek in
  // place so the picture shows the chosen quality at once.
  const media = hls.media;
  if (media?.paused) hls.once((hls.constructor as typeof Hls).Events.FRAG_BUFFERED, () => void (media.currentTime = media.currentTime));
}

/** The rung heights of the master playlist (empty until it is read). */
export function useHlsPlayback(videoRef: RefObject<HTMLVideoElement | null>, options: Options): number[] {
  const [levels, setLevels] = useState<number[]>([]);
  const hlsRef = useRef<Hls | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const { enabled, hlsUrl } = options;
  const version = useSettled(options.version, RUNG_BURST_MS);

  useEffect(() => {
    const video = videoRef.current;
    if (!enabled || !hlsUrl || !video) return;
    let hls: Hls | null = null;
    let cancelled = false;
    let mediaRecoveries = 0;
    void loadHls().then(({ default: HlsPlayer }) => {
      if (cancelled) return;
      // attachMedia swaps the element's source (e.g. from the original upload): keep where it was.
      latest.current.beforeDetach();
      const player = new HlsPlayer({
        // No rung wider than the player shows (times the pixel ratio).
        capLevelToPlayerSize: true,
        // At most 30 s ahead (hls.js would buffer minutes of a low bitrate): a viewer who leaves
        // wastes less data, and a network drop meets the next fragment, where Auto steps down.
        maxBufferLength: 30,
        maxMaxBufferLength: 30,
        startPosition: latest.current.startPosition(),
      });
      hls = player;
      hlsRef.current = player;
      player.on(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => {
        setLevels([...new Set(data.levels.map((level) => rungOf(level.width, level.height)))].sort((a, b) => b - a));
        applyChoice(player, latest.current.choice);
      });
      player.on(HlsPlayer.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === HlsPlayer.ErrorTypes.MEDIA_ERROR && mediaRecoveries++ < 2) player.recoverMediaError();
        else latest.current.onUnplayable();
      });
      player.loadSource(hlsUrl);
      player.attachMedia(video);
    }, () => !cancelled && latest.current.onUnplayable());
    return () => {
      cancelled = true;
      if (hls) {
        latest.current.beforeDetach();
        hls.destroy();
      }
      hlsRef.current = null;
      setLevels([]);
    };
  }, [videoRef, enabled, hlsUrl, version]);

  useEffect(() => {
    if (hlsRef.current) applyChoice(hlsRef.current, options.choice);
  }, [options.choice]);

  return levels;
}
