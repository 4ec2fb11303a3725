// The day-aligned windows of the studio's ranges: each video's totals over the last 7, 28 and 90
// UTC days (today included), as of one day the rollup keeps current.
import type { StudioRange } from '../../contract/analytics.js';

const DAY_MS = 24 * 3600 * 1000;

export const WINDOW_DAYS: Record<StudioRange, number> = { '7d': 7, '28d': 28, '90d': 90 };
export const ALL_WINDOW_DAYS: readonly number[] = Object.values(WINDOW_DAYS);

/** The UTC day (`YYYY-MM-DD`) of a time. */
export const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `day` moved by `days` (negative: back). */
const addDays = (day: string, days: number) => dayOfMs(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** The first day of a window of `windowDays` that ends on `asOf`. */
export const windowStart = (asOf: string, windowDays: number) => addDays(asOf, -(windowDays - 1));
