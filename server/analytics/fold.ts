// Folding raw heartbeats into rollup deltas: pure, so the rule is tested apart from the database.
// A view counts once per viewer per video per 24 hours (the rule of POST /views/add); its source and
// device class are counted with it. Watch seconds add every reported range; a retention bucket (1% of
// the video) counts each viewer once per hour however often they replay that part.
import { ANALYTICS_LIMITS } from '../../contract/analytics.js';
import { VIEW_WINDOW_MS } from '../../contract/limits.js';

export interface RawHeartbeat {
  id: string;
  video_id: string;
  viewer_key: string;
  at: string;
  ranges: string;
  source: string;
  device: string;
}

export interface VideoFacts {
  ownerId: string;
  duration: number;
}

/** Views, watch time and the views' sources and device classes, of a rollup row or delta. */
export interface CountedRow {
  views: number;
  watchSeconds: number;
  sources: Record<string, number>;
  devices: Record<string, number>;
}

export interface HourDelta extends CountedRow {
  videoId: string;
  ownerId: string;
  hour: string;
  retention: number[];
}

export interface DayDelta extends CountedRow {
  ownerId: string;
  day: string;
}

export interface FoldResult {
  hours: Map<string, HourDelta>;
  days: Map<string, DayDelta>;
  /** `videoId\u0000viewerKey` -> when its view last counted (only the changed ones). */
  marks: Map<string, string>;
}

export const markKey = (videoId: string, viewerKey: string) => `${videoId}\u0000${viewerKey}`;
const hourOf = (at: string) => at.slice(0, 13);
const dayOf = (at: string) => at.slice(0, 10);

/** One zero per retention bucket. */
export const emptyRetention = (): number[] => Array.from({ length: ANALYTICS_LIMITS.retentionBuckets }, () => 0);

const emptyCounters = (): CountedRow => ({ views: 0, watchSeconds: 0, sources: {}, devices: {} });

function parseRanges(text: string, duration: number): Array<[number, number]> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const limit = duration > 0 ? duration : Number.POSITIVE_INFINITY;
  const ranges: Array<[number, number]> = [];
  for (const range of value) {
    if (!Array.isArray(range)) continue;
    const from = Math.max(0, Math.min(Number(range[0]), limit));
    const to = Math.max(0, Math.min(Number(range[1]), limit));
    if (Number.isFinite(from) && Number.isFinite(to) && to > from) ranges.push([from, to]);
  }
  return ranges;
}

/** The first and last retention bucket a watched range covers. */
function bucketSpan(from: number, to: number, duration: number): [number, number] {
  const count = ANALYTICS_LIMITS.retentionBuckets;
  return [Math.min(count - 1, Math.floor((from / duration) * count)), Math.min(count - 1, Math.ceil((to / duration) * count) - 1)];
}

/**
 * Folds `rows` (any order) given each video's facts and the viewers' last counted views. Rows of
 * videos missing from `videos` (deleted since) fold into nothing.
 */
export function foldHeartbeats(rows: readonly RawHeartbeat[], videos: ReadonlyMap<string, VideoFacts>, lastCounted: ReadonlyMap<string, string>): FoldResult {
  const hours = new Map<string, HourDelta>();
  const days = new Map<string, DayDelta>();
  const marks = new Map<string, string>();
  /** Per hour of a video and viewer: the retention buckets already counted. */
  const seenBuckets = new Map<string, Uint8Array>();
  const before = (a: RawHeartbeat, b: RawHeartbeat) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : 1);
  // The rollup reads them in this order already: the check is cheaper than a sort.
  const sorted = rows.every((row, i) => i === 0 || before(rows[i - 1]!, row) <= 0);
  const ordered = sorted ? rows : [...rows].sort(before);
  for (const row of ordered) {
    const video = videos.get(row.video_id);
    if (!video) continue;
    const hourKey = `${row.video_id}\u0000${hourOf(row.at)}`;
    let hour = hours.get(hourKey);
    if (!hour) {
      hour = { ...emptyCounters(), videoId: row.video_id, ownerId: video.ownerId, hour: hourOf(row.at), retention: emptyRetention() };
      hours.set(hourKey, hour);
    }
    const dayKey = `${video.ownerId}\u0000${dayOf(row.at)}`;
    let day = days.get(dayKey);
    if (!day) {
      day = { ...emptyCounters(), ownerId: video.ownerId, day: dayOf(row.at) };
      days.set(dayKey, day);
    }

    const viewer = markKey(row.video_id, row.viewer_key);
    const last = marks.get(viewer) ?? lastCounted.get(viewer);
    if (last === undefined || Math.abs(Date.parse(row.at) - Date.parse(last)) >= VIEW_WINDOW_MS) {
      marks.set(viewer, last !== undefined && last > row.at ? last : row.at);
      for (const target of [hour, day]) {
        target.views += 1;
        target.sources[row.source] = (target.sources[row.source] ?? 0) + 1;
        target.devices[row.device] = (target.devices[row.device] ?? 0) + 1;
      }
    }

    const ranges = parseRanges(row.ranges, video.duration);
    const seconds = ranges.reduce((sum, [from, to]) => sum + (to - from), 0);
    hour.watchSeconds += seconds;
    day.watchSeconds += seconds;
    if (!ranges.length || video.duration <= 0) continue;
    const seenKey = `${hourKey}\u0000${row.viewer_key}`;
    let seen = seenBuckets.get(seenKey);
    if (!seen) seenBuckets.set(seenKey, (seen = new Uint8Array(ANALYTICS_LIMITS.retentionBuckets)));
    for (const [from, to] of ranges) {
      const [firstBucket, lastBucket] = bucketSpan(from, to, video.duration);
      for (let bucket = firstBucket; bucket <= lastBucket; bucket++) {
        if (seen[bucket]) continue;
        seen[bucket] = 1;
        hour.retention[bucket]! += 1;
      }
    }
  }
  return { hours, days, marks };
}

/** Adds counts by name (sources, devices) into `into`. */
export function addCounts(into: Record<string, number>, more: Record<string, number>): Record<string, number> {
  for (const [name, count] of Object.entries(more)) into[name] = (into[name] ?? 0) + count;
  return into;
}

export function parseCounts(text: string): Record<string, number> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function parseRetention(text: string): number[] {
  try {
    const value = JSON.parse(text) as unknown;
    if (Array.isArray(value) && value.length === ANALYTICS_LIMITS.retentionBuckets) return value.map(Number);
  } catch {
    // fall through: an unreadable row counts as empty
  }
  return emptyRetention();
}
