// Text both databases store alike. PostgreSQL refuses NUL (U+0000) in text while SQLite keeps it,
// and an unpaired surrogate (U+D800 to U+DFFF) is no character at all (it has no UTF-8 form). Both
// are refused with the same 400 wherever text comes in, before any use case runs: JSON and form
// bodies, query strings and path parameters (the preValidation hook below), multipart fields
// (multipart.ts) and tus metadata (routes/tus.ts).
import type { FastifyInstance } from 'fastify';
import { badRequest } from './envelope.js';

const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units, so no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !text.includes(NUL) && !LONE_SURROGATE.test(text);
}

/** The 400 for a field whose text is not storable. */
export function unstorableText(field: string) {
  return badRequest(`Invalid ${field}: text must not contain NUL (U+0000) or unpaired surrogate (U+D800 to U+DFFF) characters`, [{ field }]);
}

/**
 * Whether every string (value or key) in a parsed body, query or params is storable. Walks without
 * recursion (a 1 MB JSON body can nest deeper than the stack) and without naming paths: every
 * request passes here, and only a refused one needs its field's path (unstorableFieldIn).
 */
function allStorable(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (!isStorableText(current)) return false;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (current !== null && typeof current === 'object' && isParsedObject(current)) {
      for (const key of Object.keys(current)) {
        if (!isStorableText(key)) return false;
        pending.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return true;
}

/** The path of the first string (value or key) that is not storable; null when all are. */
function unstorableFieldIn(value: unknown, root: string): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: root }];
  while (pending.length) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: `${path}[${index}]` }));
    } else if (current !== null && typeof current === 'object' && isParsedObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return path || 'field name';
        pending.push({ value: item, path: at });
      }
    }
  }
  return null;
}

/** Parsed JSON, forms, query strings and params; not the bytes or streams some routes take as their body. */
function isParsedObject(value: object): boolean {
  return !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/** Refuses unstorable text in every route's params, query string and parsed body, before validation. */
export function refuseUnstorableText(app: FastifyInstance): void {
  // Callback-style: on every request, an async hook would cost a promise and a microtask turn.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, root] of [
      [request.params, 'path parameter'],
      [request.query, 'query parameter'],
      [request.body, 'body'],
    ] as const) {
      if (allStorable(part)) continue;
      const field = unstorableFieldIn(part, '');
      if (field !== null) return done(unstorableText(field || root));
    }
    done();
  });
}
