import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { RoomCommand } from '../../contract/events.js';
import type { AccessClaims } from '../auth/tokens.js';
import { cachedLookup, DropCounter, EventBucket } from './eventLimits.js';
import type { Config } from '../config.js';
import { ALL_ROOM, channelRoom, MODERATORS_ROOM, sessionRoom, userRoom, videoRoom } from './live.js';
import { createPresence } from './presence.js';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

const MAX_VIDEO_ROOMS = 20;
/** Room commands per socket: a watch page sends one join and one leave per video it shows. */
const COMMAND_BURST = 20;
const COMMANDS_PER_SECOND = 5;
/** Dropped commands within DROP_WINDOW_MS before the socket is disconnected. */
const DROPS_BEFORE_DISCONNECT = 200;
const DROP_WINDOW_MS = 10_000;
/** The channel of a video barely changes (never, in fact): a short cache spares the database. */
const OWNER_CACHE_MS = 30_000;
const OWNER_CACHE_ENTRIES = 10_000;

/** The API's socket.io server, before it is attached to the HTTP server (composition.ts builds it). */
export function apiSocketServer(config: Pick<Config, 'corsOrigins'>): Server {
  return new Server({
    path: '/socket.io',
    cors: config.corsOrigins.length ? { origin: config.corsOrigins, credentials: true } : undefined,
    serveClient: false,
  });
}

/**
 * socket.io on the API's own port: `io` (from `apiSocketServer`, its Redis adapter already set by
 * the composition root) is attached to the HTTP server, and sockets join rooms from here on.
 */
export function attachRealtime(app: FastifyInstance, io: Server): void {
  io.attach(app.server);
  const sessions = app.repos.sessions;
  // The visibility rule (videos/visibility.ts): any video that exists may be joined.
  const channelOf = cachedLookup(async (videoId) => (await app.repos.videos.findState(videoId))?.owner_id ?? null, OWNER_CACHE_MS, OWNER_CACHE_ENTRIES);

  // Set once the shutdown begins: a socket connecting after that is no longer checked against the
  // database, which closes soon after (it is disconnected then).
  let closing = false;

  io.on('connection', async (socket) => {
    socket.join(ALL_ROOM);
    // Every event a client sends passes one bucket; a socket that keeps flooding is cut off.
    const bucket = new EventBucket(COMMAND_BURST, COMMANDS_PER_SECOND);
    const drops = new DropCounter(DROPS_BEFORE_DISCONNECT, DROP_WINDOW_MS);
    socket.use((_packet, next) => {
      if (bucket.take()) return next();
      // Events already read from the wire still pass here after the cut: log and cut once.
      if (drops.tooMany() && socket.connected) {
        app.log.warn({ socketId: socket.id, userId: socket.data.userId }, 'socket disconnected: too many events');
        socket.disconnect(true);
      }
    });
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    let claims: AccessClaims | null = null;
    if (token && !closing) {
      try {
        claims = await app.tokens.verify(token);
        if (claims) {
          // Each room before the check it depends on: a revocation (sign-out, password change or
          // reset, suspension) or role change that commits while this handshake runs is either
          // seen by the check or reaches the socket through that room (subscribers/standing.ts).
          socket.join(sessionRoom(claims.sessionId));
          if (await sessions.check(claims.sessionId, claims.userId)) {
            socket.data.userId = claims.userId;
            socket.data.sessionId = claims.sessionId;
            socket.join(userRoom(claims.userId));
            const role = (await app.repos.users.findById(claims.userId))?.role;
            if (role === 'moderator' || role === 'admin') socket.join(MODERATORS_ROOM);
          } else {
            socket.leave(sessionRoom(claims.sessionId));
          }
        }
      } catch (error) {
        // A rejection here would be unhandled (and end the process): the socket stays a visitor's.
        if (claims && !socket.data.userId) socket.leave(sessionRoom(claims.sessionId));
        app.log.warn({ err: (error as Error).message, socketId: socket.id }, 'socket sign-in could not be checked');
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
      const channelId = await channelOf(videoId).catch(() => null);
      if (channelId && channelOfVideo.has(videoId)) {
        channelOfVideo.set(videoId, channelId);
        socket.join(channelRoom(channelId));
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
  app.decorate('presence', createPresence(io, Boolean(app.redis)));
  // Open websockets would keep the HTTP server from closing. Only this process's: through the
  // adapter, the request would close the sockets of every other process too.
  app.addHook('preClose', async () => {
    closing = true;
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
}
