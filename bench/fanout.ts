// Live fan-out at scale: many socket.io clients on loopback connected to the API (one process, or
// two sharing Redis), a hundred of them in one video's room. Measures the server's memory per
// connected socket and the time from a like to the last room member receiving
// `video-reaction-updated`.
import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { LiveEvent, RoomCommand } from '../contract/events.js';
import type { RunningProcess } from '../scripts/processes.js';

export interface FanoutFigure {
  processes: number;
  sockets: number;
  roomMembers: number;
  likes: number;
  /** Growth of the servers' resident memory per connected socket. */
  bytesPerSocket: number;
  lastMemberP50: number;
  lastMemberP99: number;
  missed: number;
  /** Clients the servers closed during the measurement (they do not reconnect, so they miss the rest). */
  disconnected: number;
}

function rssBytes(pid: number | undefined): number {
  if (!pid) return NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}

function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const CONNECT_AT_ONCE = 250;

async function connectAll(urls: string[], count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += CONNECT_AT_ONCE) {
    const wave = Array.from({ length: Math.min(CONNECT_AT_ONCE, count - start) }, (_, i) =>
      io(urls[(start + i) % urls.length]!, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 60_000 }),
    );
    await Promise.all(
      wave.map(
        (socket) =>
          new Promise<void>((resolve, reject) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          }),
      ),
    );
    sockets.push(...wave);
  }
  return sockets;
}

/** Lets the servers settle (joins handled, heap quiet) for a few idle seconds before reading their memory. */
async function settledRss(servers: RunningProcess[]): Promise<number> {
  await new Promise((r) => setTimeout(r, 3000));
  return servers.reduce((sum, server) => sum + rssBytes(server.child.pid), 0);
}

/**
 * `sockets` clients spread over `servers` (round-robin), the first `roomMembers` of them in
 * `videoId`'s room; `likes` like/unlike toggles by `token`'s user through the first server.
 */
export async function measureFanout(servers: RunningProcess[], token: string, videoId: string, sockets = 10_000, roomMembers = 100, likes = 50): Promise<FanoutFigure> {
  const before = await settledRss(servers);
  const clients = await connectAll(
    servers.map((server) => server.url),
    sockets,
  );
  let disconnected = 0;
  for (const socket of clients) socket.once('disconnect', () => (disconnected += 1));
  const members = clients.slice(0, roomMembers);
  for (const socket of members) socket.emit(RoomCommand.joinVideo, videoId);
  const after = await settledRss(servers);

  const lastMember: number[] = [];
  let missed = 0;
  for (let like = 0; like < likes; like += 1) {
    const received: number[] = [];
    let started = 0;
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5000);
      for (const socket of members) {
        socket.once(LiveEvent.videoReactionUpdated, () => {
          received.push(performance.now() - started);
          if (received.length === members.length) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
    });
    started = performance.now();
    const response = await fetch(`${servers[0]!.url}/api/v1/likes/toggle/v/${videoId}?reactionType=like`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`like failed: ${response.status}`);
    await done;
    for (const socket of members) socket.removeAllListeners(LiveEvent.videoReactionUpdated);
    missed += members.length - received.length;
    if (received.length) lastMember.push(Math.max(...received));
    await new Promise((r) => setTimeout(r, 50));
  }
  const closedByServers = disconnected;
  for (const socket of clients) socket.disconnect();
  return {
    processes: servers.length,
    sockets,
    roomMembers,
    likes,
    bytesPerSocket: (after - before) / sockets,
    lastMemberP50: percentile(lastMember, 50),
    lastMemberP99: percentile(lastMember, 99),
    missed,
    disconnected: closedByServers,
  };
}
