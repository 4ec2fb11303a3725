// Closing without waiting on idle keep-alive connections. From the start of a close (preClose: a
// SIGTERM, or a test server's close) the app is draining: readiness answers 503 (routes/health.ts)
// and every answer closes its connection (`Connection: close`). An answer already streaming when
// the close began (a video, its headers sent without that header) keeps its connection out of Node's
// idle ones, and Node leaves it open after the answer: the close then waited for the keep-alive
// timeout (72 s), past the shutdown deadline. So while draining, the connection of each answer that
// finishes is ended too, through Node's 'http.server.response.finish' channel, subscribed only then
// (no per-request hook for it).
// A connection that has sent nothing yet (a browser's preconnect, a probe's bare TCP connect) is not
// idle to Node either, and its close() stops the headers timeout that would have ended it: the close
// waited until that client gave up (about 70 s for undici's), past the shutdown deadline, which then
// exited 1. Such connections are ended as the server stops listening.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

const RESPONSE_FINISH = 'http.server.response.finish';

export function registerDraining(app: FastifyInstance): void {
  app.decorate('draining', false);
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  // Fastify calls the server's close() once the preClose hooks are done; nothing is accepted after it.
  const close = app.server.close.bind(app.server);
  app.server.close = (callback?: (error?: Error) => void) => {
    close(callback);
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
    return app.server;
  };
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  const endAfterAnswer = (message: unknown) => {
    const { server, socket } = message as { server: unknown; socket: Socket };
    if (server === app.server) socket.end();
  };
  app.addHook('preClose', (done) => {
    app.draining = true;
    subscribe(RESPONSE_FINISH, endAfterAnswer);
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    unsubscribe(RESPONSE_FINISH, endAfterAnswer);
    done();
  });
}
