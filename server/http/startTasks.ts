// Start tasks (taking jobs, sweeps of leftovers, purges) run only once this process holds its
// port: a second process started by mistake on a taken port must exit without touching anything.
// Fastify's onReady hooks run inside listen() before the bind, hence a list of our own.
import type { FastifyInstance } from 'fastify';

type StartTask = () => Promise<unknown> | void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs `task` after a successful listen, in the order registered (the app's own first). */
    afterListen(task: StartTask): void;
  }
}

const tasksOf = new WeakMap<object, StartTask[]>();

export function registerStartTasks(app: FastifyInstance): void {
  const tasks: StartTask[] = [];
  tasksOf.set(app, tasks);
  app.decorate('afterListen', (task: StartTask) => void tasks.push(task));
}

/** Binds the port, then runs the start tasks; a bind that fails runs none of them. */
export async function listenThenStart(app: FastifyInstance, options: { port: number; host: string }): Promise<void> {
  await app.listen(options);
  for (const task of tasksOf.get(app) ?? []) await task();
}
