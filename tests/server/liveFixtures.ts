// socket.io clients for tests of live events: connect (optionally signed in), wait for a
// condition without fixed sleeps, and close every socket after each test.
import { io, type Socket } from 'socket.io-client';
import { afterEach } from 'vitest';
import { eventually } from '../support/eventually.js';

const open: Socket[] = [];

/** Registers an afterEach that disconnects the sockets a test opened; call once per file. */
export function closeSocketsAfterEach(): void {
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });
}

/** A connected websocket client; `auth.token` signs it in (it then joins its user room). */
export async function connectLive(server: { url: string }, auth?: { token: string }): Promise<Socket> {
  const socket = io(server.url, { transports: ['websocket'], reconnection: false, auth, forceNew: true });
  open.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** eventually() with this file's older argument order (standing.test.ts still calls it). */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  await eventually(condition, { what, timeout: timeoutMs });
}
