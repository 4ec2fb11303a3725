// The server closes the sockets of a session that ended (sign-out elsewhere, a password change,
// a suspension). socket.io's client does not reconnect after a server-side close by itself: the
// app's socket connects again at once, reading the token current then (none: a visitor's socket).
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (...args: unknown[]) => void;
const fake = vi.hoisted(() => ({
  handlers: new Map<string, Handler[]>(),
  connect: vi.fn(),
  auth: null as null | ((callback: (data: object) => void) => void),
}));

vi.mock('socket.io-client', () => ({
  io: (options: { auth: (callback: (data: object) => void) => void }) => {
    fake.auth = options.auth;
    const socket = {
      on(event: string, handler: Handler) {
        fake.handlers.set(event, [...(fake.handlers.get(event) ?? []), handler]);
        return socket;
      },
      emit: () => socket,
      connect: fake.connect,
      disconnect: () => socket,
    };
    return socket;
  },
}));

const fire = (event: string, ...args: unknown[]) => fake.handlers.get(event)?.forEach((handler) => handler(...args));

describe('the live socket after the server closed it', () => {
  beforeEach(() => localStorage.clear());

  it('connects again at once with the current token (none: as a visitor), but not after closing itself', async () => {
    const { connectLive } = await import('../../src/api/live');
    connectLive(() => undefined as never, { notificationArrived: () => undefined });
    fire('disconnect', 'transport close'); // socket.io reconnects by itself after these
    fire('disconnect', 'io client disconnect');
    expect(fake.connect).not.toHaveBeenCalled();

    fire('disconnect', 'io server disconnect');
    expect(fake.connect).toHaveBeenCalledTimes(1);
    let sent: object | null = null;
    fake.auth!((data) => (sent = data));
    expect(sent).toEqual({ token: undefined });
  });
});

describe('the live socket catching up on connection', () => {
  beforeEach(() => localStorage.clear());

  it("refetches a signed-in user's notifications at every connection (events sent before it never arrive); a visitor's nothing", async () => {
    // A socket of its own (live.ts keeps one per page).
    vi.resetModules();
    fake.handlers.clear();
    const { connectLive } = await import('../../src/api/live');
    const { api } = await import('../../src/api/api');
    const { tags } = await import('../../src/api/tags');
    const dispatched: unknown[] = [];
    connectLive((action) => dispatched.push(action), { notificationArrived: () => undefined });

    fire('connect');
    expect(dispatched).toEqual([]);

    localStorage.setItem('user', JSON.stringify({ _id: 'u1', id: 'u1', username: 'ann', fullName: 'Ann', email: 'a@x.io' }));
    fire('connect');
    fire('connect');
    const refetch = api.util.invalidateTags([tags.notifications(), tags.unreadNotifications()]);
    expect(dispatched).toEqual([refetch, refetch]);
  });
});
