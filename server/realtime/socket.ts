import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { RoomCommand } from '../../contract/events.js';
import { invalidatingLive } from '../cache/readCache.js';
import { ALL_ROOM, channelRoom, createLiveEvents, type LiveEvents, userRoom, videoRoom } from './live.js';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
    live: LiveEvents;
  }
}

const MAX_VIDEO_ROOMS = 20;

/** socket.io on the API's own port; with REDIS_URL, events cross server processes. */
export async function attachRealtime(app: FastifyInstance): Promise<void> {
  const io = new Server(app.server, {
    path: '/socket.io',
    cors: app.config.corsOrigins.length ? { origin: app.config.corsOrigins, credentials: true } : undefined,
    serveClient: false,
  });
  // Not awaited: without Redis the API still starts, and events stay within this process until it is back.
  if (app.redis) {
    const { pub, sub } = app.redis.adapterClients();
    io.adapter(createAdapter(pub, sub));
  }
  const sessions = app.repos.sessions;

  io.on('connection', async (socket) => {
    socket.join(ALL_ROOM);
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    if (token) {
      const claims = await app.tokens.verify(token);
      if (claims && (await sessions.isActive(claims.sessionId, claims.userId))) {
        socket.data.userId = claims.userId;
        socket.join(userRoom(claims.userId));
      }
    }
    // Which channel each joined video belongs to, so its viewers also get that channel's
    // subscription events (the watch page shows the owner's subscriber count).
    const channelOfVideo = new Map<string, string>();
    socket.on(RoomCommand.joinVideo, async (videoId: unknown) => {
      if (typeof videoId !== 'string' || videoId.length > 64) return;
      if (channelOfVideo.size >= MAX_VIDEO_ROOMS) return;
      socket.leave(ALL_ROOM);
      socket.join(videoRoom(videoId));
      channelOfVideo.set(videoId, '');
      const video = await app.repos.videos.findOwned(videoId);
      if (video && channelOfVideo.has(videoId)) {
        channelOfVideo.set(videoId, video.owner_id);
        socket.join(channelRoom(video.owner_id));
      }
    });
    socket.on(RoomCommand.leaveVideo, (videoId: unknown) => {
      if (typeof videoId !== 'string' || !channelOfVideo.has(videoId)) return;
      const channelId = channelOfVideo.get(videoId);
      channelOfVideo.delete(videoId);
      socket.leave(videoRoom(videoId));
      if (channelId && ![...channelOfVideo.values()].includes(channelId)) socket.leave(channelRoom(channelId));
      // Watching nothing any more: back to receiving every event, like a socket that never joined.
      if (channelOfVideo.size === 0) socket.join(ALL_ROOM);
    });
  });

  app.decorate('io', io);
  // Each event also invalidates the read cache's entries it changes.
  app.decorate('live', invalidatingLive(createLiveEvents(io), app.readCache));
  // Open websockets would keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
}
