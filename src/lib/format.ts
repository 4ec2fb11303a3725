// Number, duration and date formats: one function per rule.

/** 999 -> '999', 1000 -> '1K', 1500 -> '1.5K', 1_000_000 -> '1M', 2_340_000 -> '2.3M'. */
export function formatCount(value: number): string {
  const n = Number.isFinite(value) ? value : 0;
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const oneDecimal = (x: number) => {
    const fixed = (Math.floor(x * 10) / 10).toFixed(1);
    return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
  };
  // Floor rather than round so 999_999 never reads as '1000K'.
  if (abs >= 1_000_000) return `${sign}${oneDecimal(abs / 1_000_000)}M`;
  if (abs >= 1_000) return `${sign}${oneDecimal(abs / 1_000)}K`;
  return `${sign}${Math.round(abs)}`;
}

/** '3 views' / '1 view' with the compact count. */
export function formatViews(views: number): string {
  return `${formatCount(views)} ${views === 1 ? 'view' : 'views'}`;
}

/** Player and card durations: 65 -> '1:05', 3725 -> '1:02:05'. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Summary durations (playlists, history): 3725 -> '1h 2m', 59 -> '0h 0m'. */
export function formatHoursMinutes(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

const DAY = 24 * 60 * 60 * 1000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Today, Yesterday, '{n} days ago' under 7 days, otherwise a localized full date. */
export function formatRelativeDate(iso: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // Calendar days, not 24 h windows: 23:59 yesterday is 'Yesterday' at 00:01 today.
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** The NEW badge: created less than 24 hours ago. */
export function isNew(iso: string, now: Date = new Date()): boolean {
  const age = now.getTime() - new Date(iso).getTime();
  return age >= 0 && age < DAY;
}

/** Averages of views are rounded. */
export function average(total: number, count: number): number {
  return count > 0 ? Math.round(total / count) : 0;
}

/** Storage sizes: '850 KB', '12.4 MB', '1.2 GB' (1024-based, like the browser's storage figures). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${units[unit]}`;
}
