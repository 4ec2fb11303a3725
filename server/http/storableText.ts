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
 * The first string (value or key) in a parsed body, query or params that is not storable, or null
 * when all are. With `named`, its path ('' for the part itself, 'field name' for a bad key at its
 * top); without, '': every request passes here and only a refused one needs the path, so paths are
 * built on a second walk, for that one. Walks without recursion: a 1 MB JSON body can nest deeper
 * than the stack.
 */
function unstorableFieldIn(value: unknown, named: boolean): string | null {
  const pending: unknown[] = [value];
  // The path of each pending value, in step with `pending` (kept only when named).
  const paths: string[] = [''];
  while (pending.length) {
    const current = pending.pop();
    const path = named ? paths.pop()! : '';
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index += 1) {
        pending.push(current[index]);
        if (named) paths.push(`${path}[${index}]`);
      }
    } else if (current !== null && typeof current === 'object' && isParsedObject(current)) {
      for (const key of Object.keys(current)) {
        if (!isStorableText(key)) return path || 'field name';
        pending.push((current as Record<string, unknown>)[key]);
        if (named) paths.push(path ? `${path}.${key}` : key);
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
      if (unstorableFieldIn(part, false) === null) continue;
      return done(unstorableText(unstorableFieldIn(part, true) || root));
    }
    done();
  });
}
