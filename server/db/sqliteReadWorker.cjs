// A worker thread of the SQLite read pool (server/db/readPool.ts): runs compiled read-only SQL on
// its own read-only connection, so a long scan never holds the main thread's event loop. Plain
// CommonJS because piscina loads it with require() in a bare worker thread (no tsx there, nor
// vitest's transform).
'use strict';
const Database = require('better-sqlite3');
const { workerData } = require('node:worker_threads');

const database = new Database(workerData.file, { readonly: true, fileMustExist: true });
database.pragma(`busy_timeout = ${Number(workerData.busyTimeoutMs) || 5000}`);
const statements = new Map();
const MAX_STATEMENTS = 200;

/** @param {{ sql: string, parameters: unknown[] }} query */
module.exports = function readRows({ sql, parameters }) {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value);
    statement = database.prepare(sql);
    statements.set(sql, statement);
  }
  return statement.all(parameters);
};
