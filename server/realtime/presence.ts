// Who is watching now, from the live rooms: the sockets in a video's or a channel's room. With the
// Redis adapter the other processes are asked too, within a short wait (past it, this process's
// own count answers: a studio page must not hang on a slow node).
import type { Server } from 'socket.io';
import { channelRoom, videoRoom } from './live.js';

const CLUSTER_WAIT_MS = 300;

export interface Presence {
  watchingChannel(channelId: string): Promise<number>;
  watchingVideo(videoId: string): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    presence: Presence;
  }
}

export function createPresence(io: Server, clustered: boolean): Presence {
  const count = async (room: string): Promise<number> => {
    const local = io.of('/').adapter.rooms.get(room)?.size ?? 0;
    if (!clustered) return local;
    const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(local), CLUSTER_WAIT_MS).unref());
    const everywhere = io.in(room).fetchSockets().then((sockets) => sockets.length, () => local);
    return Promise.race([everywhere, timeout]);
  };
  return { watchingChannel: (channelId) => count(channelRoom(channelId)), watchingVideo: (videoId) => count(videoRoom(videoId)) };
}
