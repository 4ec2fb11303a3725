// The server harness lives in tests/support/server.ts; files not yet moved import it from here.
export * from '../support/server.js';
