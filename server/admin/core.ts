// How a command reaches the deployment: the same configuration (environment) and composition root
// as the server, with its domain events reaching the running API nodes as the worker's do.
import { loadConfig } from '../config.js';
import { type Core, closeProcess, composeProcess } from '../composition.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import { type DatabaseHandle, openDatabase } from '../db/kysely.js';
import type { JobQueue } from '../jobs/types.js';
import { Refusal } from './command.js';

/** Library warnings go to stderr in one line each; commands print their own results on stdout. */
const commandLog = {
  info: () => {},
  warn: (details: object, message?: string) => console.error(`warning: ${message ?? ''} ${JSON.stringify(details)}`),
  error: (details: object, message?: string) => console.error(`error: ${message ?? ''} ${JSON.stringify(details)}`),
};

/**
 * The composition root's core, migrated as every process's is, with a job queue that only enqueues
 * (the API nodes or `npm run worker` run the jobs: the pushes of a notification a command causes);
 * both closed again after `work`.
 */
export async function withCore<T>(work: (core: Core, jobs: JobQueue) => Promise<T>): Promise<T> {
  const command = await composeProcess('admin', loadConfig(), commandLog);
  try {
    return await work(command.core, command.jobs);
  } finally {
    await closeProcess(command);
  }
}

/**
 * For a command whose point is a job (requeue): the queue started, and with REDIS_URL, Redis
 * answering: a job recorded while it is away would wait for the next reconnection of some process.
 */
export async function startQueue(core: Core, jobs: JobQueue): Promise<void> {
  await jobs.start();
  if (core.redis && !core.redis.isUp) throw new Refusal(`Redis at REDIS_URL does not answer: the job could not be handed to the queue`);
}

/**
 * The database and its repositories without migrating it: a backup must copy the database as the
 * running version left it (an upgrade's new code must not migrate it before it is backed up).
 */
export async function withDatabase<T>(config: ReturnType<typeof loadConfig>, work: (handle: DatabaseHandle, repos: Repositories) => Promise<T>): Promise<T> {
  const handle = openDatabase(config);
  try {
    return await work(handle, createRepositories(handle, config));
  } finally {
    await handle.close();
  }
}

/** A user named by username or email, as the operator typed it. */
export async function findUser(repos: Pick<Repositories, 'users'>, who: string) {
  const user = who.includes('@') ? await repos.users.findByEmail(who) : await repos.users.findByUsername(who);
  if (!user) throw new Refusal(`No user with ${who.includes('@') ? 'email' : 'username'} '${who}'`);
  return user;
}
