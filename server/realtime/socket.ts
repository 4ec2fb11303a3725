import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { RoomCommand } from '../../contract/events.js';
import { SessionRepository } from '../db/repositories/sessions.js';
import { ALL_ROOM, createLiveEvents, type LiveEvents, userRoom, videoRoom } from './live.js';

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
  const redisClients: Redis[] = [];
  if (app.config.redisUrl) {
    const pub = new Redis(app.config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }
  const sessions = new SessionRepository(app.db.db);

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
    socket.on(RoomCommand.joinVideo, (videoId: unknown) => {
      if (typeof videoId !== 'string' || videoId.length > 64) return;
      const videoRooms = [...socket.rooms].filter((room) => room.startsWith('video:'));
      if (videoRooms.length >= MAX_VIDEO_ROOMS) return;
      socket.leave(ALL_ROOM);
      socket.join(videoRoom(videoId));
    });
    socket.on(RoomCommand.leaveVideo, (videoId: unknown) => {
      if (typeof videoId === 'string') socket.leave(videoRoom(videoId));
    });
  });

  app.decorate('io', io);
  app.decorate('live', createLiveEvents(io));
  // Open websockets would keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
  });
}
