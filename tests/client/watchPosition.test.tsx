// Saving the watch position: saves reach the server in the order they were made.
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useWatchPosition } from '../../src/features/watch/watchPosition';
import { mockFetch, ok, renderWithApp, signIn } from './helpers';

describe('useWatchPosition', () => {
  it('sends a pause and a seek right after it one after the other, so the newest position is the one kept', async () => {
    signIn();
    const releases: (() => void)[] = [];
    const { calls } = mockFetch((call) =>
      call.url.pathname.includes('/watch-history/position/') ? new Promise((resolve) => releases.push(() => resolve(ok({})))) : ok({}),
    );
    let report: ReturnType<typeof useWatchPosition> = () => undefined;
    function Player() {
      report = useWatchPosition('video-1', true, 0);
      return null;
    }
    renderWithApp(<Player />);
    const saves = () => calls.filter((call) => call.method === 'PATCH').map((call) => (call.body as { position: number }).position);

    act(() => report(12.3, 60, true)); // paused at 12.3
    act(() => report(20, 60, true)); // then moved on, while the first save is on its way
    act(() => report(0, 60, true)); // and back to the start
    await waitFor(() => expect(saves()).toEqual([12.3]));
    await act(async () => releases.shift()!());
    // The newest position follows the first save once it is answered; 20 was overtaken before it left.
    await waitFor(() => expect(saves()).toEqual([12.3, 0]));
    await act(async () => releases.shift()!());
    expect(saves()).toEqual([12.3, 0]);
  });
});
