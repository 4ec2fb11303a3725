// The player's heartbeats keep their own small retry store (local storage, written before each send
// so a report made as the page hides survives): a beat that found no network, or a busy server,
// goes with the next send, and each beat leaves the store once the server has it, so it is sent
// until taken and never again after (the server also ignores an id it already has).
import { beforeEach, describe, expect, it } from 'vitest';
import type { Heartbeat } from '../../contract/analytics';
import { sendHeartbeats } from '../../src/features/analytics/heartbeats';
import { fail, mockFetch, ok, type RecordedCall } from './helpers';

const beat = (id: string): Heartbeat => ({ id: `beat${id}xxxxxx`, videoId: 'v1', playbackId: 'playback1', ranges: [[0, 10]], source: 'home', device: 'desktop' });
const sentIds = (calls: RecordedCall[]) => calls.flatMap((call) => (call.body as { heartbeats: Heartbeat[] }).heartbeats.map((b) => b.id));

beforeEach(() => localStorage.clear());

describe('heartbeats sent later', () => {
  it('keeps beats made offline and sends each exactly once when the network is back', async () => {
    let networkUp = false;
    const { calls } = mockFetch(() => {
      if (!networkUp) throw new TypeError('Failed to fetch');
      return ok({ accepted: 1, ignored: 0 });
    });
    await sendHeartbeats([beat('a')]);
    await sendHeartbeats([beat('b')]);
    expect(sentIds(calls)).toEqual([beat('a').id, beat('a').id, beat('b').id]); // tried, kept

    networkUp = true;
    await sendHeartbeats([]);
    expect(sentIds(calls).slice(3)).toEqual([beat('a').id, beat('b').id]);
    await sendHeartbeats([]);
    await sendHeartbeats([beat('c')]);
    expect(sentIds(calls).slice(5)).toEqual([beat('c').id]); // a and b never again
  });

  it('keeps beats the server could not take (5xx, 429) and drops those it refused', async () => {
    let answer = fail(503, 'busy');
    const { calls } = mockFetch(() => answer);
    await sendHeartbeats([beat('a')]);
    answer = fail(400, 'bad');
    await sendHeartbeats([]);
    await sendHeartbeats([]);
    expect(sentIds(calls)).toEqual([beat('a').id, beat('a').id]);
  });
});
