// Heartbeat intake's group commit: requests arriving together share one insert, each told its own count.
import { describe, expect, it } from 'vitest';
import type { RawHeartbeat } from '../../server/analytics/fold.js';
import { HeartbeatBatcher } from '../../server/analytics/intakeBatch.js';

const row = (id: string): RawHeartbeat => ({ id, video_id: 'v', viewer_key: 'p:x', at: '2026-01-01T00:00:00.000Z', ranges: '[[0,1]]', source: 'home', device: 'phone' });

describe('HeartbeatBatcher', () => {
  it('stores the rows of requests arriving in one turn of the event loop in one insert, each id once, and credits a repeated id to its first request', async () => {
    const inserts: string[][] = [];
    const known = new Set(['old']);
    const batcher = new HeartbeatBatcher(
      async (rows) => {
        inserts.push(rows.map((r) => r.id));
        const fresh = rows.filter((r) => !known.has(r.id)).map((r) => r.id);
        for (const id of fresh) known.add(id);
        return fresh;
      },
      100,
    );
    const counts = await Promise.all([batcher.add([row('a'), row('b')]), batcher.add([row('b'), row('old'), row('c')]), batcher.add([])]);
    expect(inserts).toEqual([['a', 'b', 'old', 'c']]);
    expect(counts).toEqual([2, 1, 0]);
  });

  it('goes at once when full, and fails every request of a batch whose insert fails', async () => {
    let calls = 0;
    const batcher = new HeartbeatBatcher(
      async () => {
        calls += 1;
        throw new Error('database down');
      },
      2,
    );
    const first = batcher.add([row('a')]);
    const second = batcher.add([row('b')]);
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(calls).toBe(1);
  });

  it('keeps one insert running: what arrives meanwhile goes next, in one insert', async () => {
    const inserts: string[][] = [];
    let release!: () => void;
    const firstInsertDone = new Promise<void>((resolve) => (release = resolve));
    const batcher = new HeartbeatBatcher(async (rows) => {
      inserts.push(rows.map((r) => r.id));
      if (inserts.length === 1) await firstInsertDone;
      return rows.map((r) => r.id);
    }, 100);
    const first = batcher.add([row('a')]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(inserts).toEqual([['a']]);
    const later = [batcher.add([row('b')]), batcher.add([row('c')])];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(inserts).toEqual([['a']]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 1, 1]);
    expect(inserts).toEqual([['a'], ['b', 'c']]);
  });
});
