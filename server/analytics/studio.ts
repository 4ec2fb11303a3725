// The studio's answers, built from the rollups only (never the raw heartbeats): a channel's days
// for the overview, a video's hours for its page.
import { DEVICE_CLASSES, TRAFFIC_SOURCES, type DeviceCounts, type SourceCounts, type StudioDay, type StudioRange, type StudioSubscriberDay } from '../../contract/analytics.js';
import { addCounts, emptyRetention, type CountedRow } from './fold.js';
import { WINDOW_DAYS as RANGE_DAYS } from './windows.js';

const DAY_MS = 24 * 3600 * 1000;

/** The range's first day (UTC, today included) as `YYYY-MM-DD`, and its first hour as `YYYY-MM-DDT00`. */
export function rangeStart(range: StudioRange, nowMs: number): { day: string; hour: string } {
  const day = new Date(nowMs - (RANGE_DAYS[range] - 1) * DAY_MS).toISOString().slice(0, 10);
  return { day, hour: `${day}T00` };
}

/** The range's days (UTC, `YYYY-MM-DD`), oldest first, today last. */
function rangeDays(range: StudioRange, nowMs: number): string[] {
  const days: string[] = [];
  for (let back = RANGE_DAYS[range] - 1; back >= 0; back--) days.push(new Date(nowMs - back * DAY_MS).toISOString().slice(0, 10));
  return days;
}

/** Every day of the range, oldest first, with zeros where nothing was watched. */
export function dailySeries(range: StudioRange, nowMs: number, rows: ReadonlyArray<{ day: string; views: number; watchSeconds: number }>): StudioDay[] {
  const byDay = new Map<string, StudioDay>();
  for (const row of rows) {
    const day = byDay.get(row.day) ?? { day: row.day, views: 0, watchSeconds: 0 };
    day.views += row.views;
    day.watchSeconds += row.watchSeconds;
    byDay.set(row.day, day);
  }
  return rangeDays(range, nowMs).map((day) => {
    const found = byDay.get(day);
    return { day, views: found?.views ?? 0, watchSeconds: Math.round(found?.watchSeconds ?? 0) };
  });
}

/** Subscribers gained and lost on every day of the range, oldest first, with their sums. */
export function subscriberSeries(range: StudioRange, nowMs: number, rows: readonly StudioSubscriberDay[]): { days: StudioSubscriberDay[]; gained: number; lost: number } {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days = rangeDays(range, nowMs).map((day) => ({ day, gained: byDay.get(day)?.gained ?? 0, lost: byDay.get(day)?.lost ?? 0 }));
  return { days, gained: days.reduce((sum, day) => sum + day.gained, 0), lost: days.reduce((sum, day) => sum + day.lost, 0) };
}

function named<T extends readonly string[]>(names: T, counts: Record<string, number>): Record<T[number], number> {
  return Object.fromEntries(names.map((name) => [name, counts[name] ?? 0])) as Record<T[number], number>;
}

/** Views, watch time, sources and devices summed over rows. */
export function totalsOf(rows: readonly CountedRow[]): { views: number; watchSeconds: number; averageViewSeconds: number; sources: SourceCounts; devices: DeviceCounts } {
  let views = 0;
  let watchSeconds = 0;
  const sources: Record<string, number> = {};
  const devices: Record<string, number> = {};
  for (const row of rows) {
    views += row.views;
    watchSeconds += row.watchSeconds;
    addCounts(sources, row.sources);
    addCounts(devices, row.devices);
  }
  return {
    views,
    watchSeconds: Math.round(watchSeconds),
    averageViewSeconds: views ? Math.round(watchSeconds / views) : 0,
    sources: named(TRAFFIC_SOURCES, sources),
    devices: named(DEVICE_CLASSES, devices),
  };
}

/** The share of views (0..1, two decimals) that watched each 1% of the video. */
export function retentionCurve(rows: ReadonlyArray<{ retention: number[] }>, views: number): number[] {
  const sums = emptyRetention();
  for (const row of rows) row.retention.forEach((count, bucket) => (sums[bucket]! += count));
  return sums.map((count) => (views ? Math.min(1, Math.round((count / views) * 100) / 100) : 0));
}
