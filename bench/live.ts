// Live events: N socket.io clients in one video room; time from a comment post to delivery.
import { io, type Socket } from 'socket.io-client';
import { LiveEvent, RoomCommand } from '../contract/events.js';

export interface LiveFigure {
  clients: number;
  posts: number;
  lastClientP50: number;
  lastClientP99: number;
  deliveryP50: number;
  deliveryP99: number;
  missed: number;
}

function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function measureLiveEvents(url: string, token: string, videoId: string, clients = 1000, posts = 20): Promise<LiveFigure> {
  const sockets: Socket[] = [];
  for (let i = 0; i < clients; i++) {
    sockets.push(io(url, { transports: ['websocket'], forceNew: true, reconnection: false }));
  }
  await Promise.all(sockets.map((socket) => new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  })));
  for (const socket of sockets) socket.emit(RoomCommand.joinVideo, videoId);
  await new Promise((r) => setTimeout(r, 1500));

  const lastClient: number[] = [];
  const deliveries: number[] = [];
  let missed = 0;
  for (let post = 0; post < posts; post++) {
    const received: number[] = [];
    let started = 0;
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5000);
      for (const socket of sockets) {
        socket.once(LiveEvent.commentUpdated, () => {
          received.push(performance.now() - started);
          if (received.length === sockets.length) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
    });
    started = performance.now();
    const response = await fetch(`${url}/api/v1/comments/add/${videoId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: `live bench ${post}` }),
    });
    if (!response.ok) throw new Error(`comment post failed: ${response.status}`);
    await done;
    for (const socket of sockets) socket.removeAllListeners(LiveEvent.commentUpdated);
    missed += sockets.length - received.length;
    deliveries.push(...received);
    lastClient.push(Math.max(...received));
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const socket of sockets) socket.disconnect();
  return {
    clients,
    posts,
    lastClientP50: percentile(lastClient, 50),
    lastClientP99: percentile(lastClient, 99),
    deliveryP50: percentile(deliveries, 50),
    deliveryP99: percentile(deliveries, 99),
    missed,
  };
}
