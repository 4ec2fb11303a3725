// A setup file of the server and browser projects: their workers run file after file in one process
// (isolate: false in vitest.config.ts), so that node_modules (Fastify, the AWS SDK, Kysely...) load
// once per worker. The app's own modules are evaluated afresh for each file, as in a process of its own: no
// module state (a queue, a pool, a cache) of one file reaches the next.
import { vi } from 'vitest';

vi.resetModules();
