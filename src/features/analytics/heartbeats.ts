// The player's watch reports: the position ranges played, sent every ~15 s while playing and at
// pause, end, hide and leave. Beats that could not be sent (offline) wait in local storage and go
// with the next send; the server ignores an id it already has, so a replay counts once.
import { ANALYTICS_LIMITS, type Heartbeat, type HeartbeatBatch } from '../../../contract/analytics';
import { apiUrl } from '../../api/client';
import { getToken, readDeviceValue, writeDeviceValue } from '../../lib/storage';

const PENDING_KEY = 'vidshare.pendingHeartbeats';
/** A jump longer than this between two reports is a seek: a new range starts. */
const CONTINUOUS_GAP_S = 2;
/** Kept while offline at most (the oldest go first). */
const PENDING_MAX = 500;

type Context = Pick<Heartbeat, 'videoId' | 'source' | 'device'>;

const randomId = () => crypto.randomUUID().replaceAll('-', '');

function readPending(): Heartbeat[] {
  try {
    const value = JSON.parse(readDeviceValue(PENDING_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as Heartbeat[]) : [];
  } catch {
    return [];
  }
}

function writePending(beats: Heartbeat[]): void {
  writeDeviceValue(PENDING_KEY, beats.length ? JSON.stringify(beats.slice(-PENDING_MAX)) : null);
}

/**
 * Sends `beats` plus any left from earlier, in batches. `keepalive` lets the request outlive the
 * page (pagehide); text/plain keeps it a simple request, and the bearer token says who watched.
 */
export async function sendHeartbeats(beats: Heartbeat[]): Promise<void> {
  const all = [...readPending(), ...beats];
  if (!all.length) return;
  writePending(all);
  const headers: Record<string, string> = { 'Content-Type': 'text/plain' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const sent = new Set<string>();
  for (let start = 0; start < all.length; start += ANALYTICS_LIMITS.heartbeatsPerBatch) {
    const batch: HeartbeatBatch = { heartbeats: all.slice(start, start + ANALYTICS_LIMITS.heartbeatsPerBatch) };
    try {
      const response = await fetch(apiUrl('/analytics/heartbeats'), { method: 'POST', body: JSON.stringify(batch), headers, keepalive: true, credentials: 'omit' });
      // A refusal (400) will not get better: drop it like a success. Server trouble keeps it.
      if (response.ok || (response.status >= 400 && response.status < 500 && response.status !== 429)) for (const beat of batch.heartbeats) sent.add(beat.id);
    } catch {
      break; // offline: keep the rest for later
    }
  }
  writePending(readPending().filter((beat) => !sent.has(beat.id)));
}

/** Where the watch page reports positions; `flush` sends what was watched since the last beat. */
export function createHeartbeatReporter(context: Context) {
  const playbackId = randomId();
  let ranges: number[][] = [];
  let current: number[] | null = null;

  const take = (): Heartbeat | null => {
    if (current) ranges.push(current);
    current = null;
    const watched = ranges.filter(([from, to]) => to! > from!).map(([from, to]) => [Math.round(from! * 10) / 10, Math.round(to! * 10) / 10]);
    ranges = [];
    if (!watched.length) return null;
    return { id: randomId(), playbackId, at: new Date().toISOString(), ranges: watched.slice(-ANALYTICS_LIMITS.rangesPerHeartbeat), ...context };
  };

  return {
    /** A position report from the player. */
    position(time: number, paused: boolean): void {
      if (!Number.isFinite(time)) return;
      if (paused) {
        if (current) ranges.push(current);
        current = null;
        return;
      }
      if (current && time >= current[1]! && time - current[1]! <= CONTINUOUS_GAP_S) current[1] = time;
      else {
        if (current) ranges.push(current);
        current = [time, time];
      }
    },
    flush(): void {
      const beat = take();
      if (beat) void sendHeartbeats([beat]);
    },
  };
}
