// A setup file of the server, client and browser projects: their workers run file after file in one process
// (processPerWorker in vitest.config.ts). Vitest would then share the app's own modules between
// files too; reset, they are evaluated afresh for each file, as in a process of its own, and no
// module state (a queue, a pool, a cache) of one file reaches the next.
import { vi } from 'vitest';

vi.resetModules();
