// hls.js on the player's <video>: imported on first use, so it is a chunk of its own that
// only the watch screen ever loads. Reports the rungs the master playlist offers, follows the
// viewer's choice (Auto lets hls.js pick by bandwidth; a manual quality switches at once, keeping
// the time and the play state), recovers what it can and gives up to the MP4 otherwise.
import type Hls from 'hls.js';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { importChunk } from '../../lib/chunks';
import { readLink } from '../../lib/connection';
import { useSettled } from '../../lib/useSettled';
import { ABR_CONFIG, linkEstimate, startLevelIndex } from './abr';
import { AUTO, QUALITY_OPTIONS, type QualityChoice, type Rung, rungOf } from './quality';

/** A one-run ladder publishes its rungs within a second of each other: read the master once for them. */
const RUNG_BURST_MS = 1000;
/** How many times a playlist that changed under the player sends it back to the master before it gives up on HLS. */
const MAX_PLAYLIST_RELOADS = 3;

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
  /** The highest rung Auto may play (the data saver's cap), or null. */
  maxHeight: number | null;
}

let hlsModule: Promise<typeof import('hls.js/light')> | null = null;
/** hls.js, fetched once (again until it arrives); the watch screen asks in idle time once the page has loaded, before the first play. */
export function loadHls() {
  hlsModule ??= importChunk(() => import('hls.js/light'));
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

/** The highest level index at or under `maxHeight` (-1: no cap, or no level fits). */
function capIndex(hls: Hls, maxHeight: number | null): number {
  if (maxHeight === null) return -1;
  let cap = -1;
  hls.levels.forEach((level, index) => {
    if (rungOf(level.width, level.height) <= maxHeight) cap = index;
  });
  return cap;
}

/** The master playlist's rungs with their bitrates, best first (empty until it is read). */
export function useHlsPlayback(videoRef: RefObject<HTMLVideoElement | null>, options: Options): Rung[] {
  const [levels, setLevels] = useState<Rung[]>([]);
  const hlsRef = useRef<Hls | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const { enabled, hlsUrl, maxHeight } = options;
  const version = useSettled(options.version, RUNG_BURST_MS);
  const [playlistReloads, setPlaylistReloads] = useState(0);

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
      const estimate = linkEstimate(readLink());
      const startPosition = latest.current.startPosition();
      const player = new HlsPlayer({
        // No rung wider than the player shows (times the pixel ratio); the data saver's cap
        // replaces it (hls.js keeps one cap, and the player size would lift the data saver's).
        capLevelToPlayerSize: maxHeight === null,
        // At most 30 s ahead (hls.js would buffer minutes of a low bitrate): a viewer who leaves
        // wastes less data, and a network drop meets the next fragment, where Auto steps down.
        maxBufferLength: 30,
        maxMaxBufferLength: 30,
        // The start rung is chosen once the master is read (MANIFEST_PARSED), then loading starts.
        autoStartLoad: false,
        abrEwmaDefaultEstimate: estimate,
        ...ABR_CONFIG,
        startPosition,
      });
      hls = player;
      hlsRef.current = player;
      player.on(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => {
        const rungs = new Map<number, number>();
        for (const level of data.levels) {
          const height = rungOf(level.width, level.height);
          rungs.set(height, Math.max(rungs.get(height) ?? 0, level.bitrate));
        }
        setLevels([...rungs].map(([height, bitrate]) => ({ height, bitrate })).sort((a, b) => b.height - a.height));
        const cap = capIndex(player, maxHeight);
        if (cap >= 0) player.autoLevelCapping = cap;
        player.startLevel = startLevelIndex(
          player.levels.map((level) => level.bitrate),
          estimate,
          cap >= 0 ? cap : undefined,
        );
        applyChoice(player, latest.current.choice);
        // Once every other MANIFEST_PARSED listener (hls.js's own controllers) has run: started
        // from inside the event, a live rung's playlist got two reload loops, and its switch to
        // the finished file read as a broken playlist.
        queueMicrotask(() => !cancelled && player.startLoad(startPosition));
      });
      player.on(HlsPlayer.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === HlsPlayer.ErrorTypes.MEDIA_ERROR && mediaRecoveries++ < 2) player.recoverMediaError();
        // Once the streamed rung's file is published, its live playlist answers with the finished
        // one (the same fragments, by byte range): a reload that comes before the master is read
        // again (the version settles for a second) sees other fragment URIs and calls the playlist
        // broken. Read the master again, as for a new rung, instead of giving up on HLS.
        else if (data.details === HlsPlayer.ErrorDetails.LEVEL_PARSING_ERROR && playlistReloads < MAX_PLAYLIST_RELOADS) setPlaylistReloads((count) => count + 1);
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
  }, [videoRef, enabled, hlsUrl, version, maxHeight, playlistReloads]);

  useEffect(() => {
    if (hlsRef.current) applyChoice(hlsRef.current, options.choice);
  }, [options.choice]);

  return levels;
}
