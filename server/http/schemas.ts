// Request schema pieces shared by routes.
import { Type, type Static, type TSchema } from 'typebox';
import { LIMITS, REQUEST_LIMITS } from '../../contract/limits.js';

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: REQUEST_LIMITS.pageMax, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.feedPageMax })),
});
export type PageQuery = Static<typeof PageQuery>;

/** Ids are UUIDs; anything else is a 400/404, never a database error. */
export const IdString = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export interface Page {
  page: number;
  limit: number;
  offset: number;
}

export function pageOf(query: PageQuery, defaultLimit: number = LIMITS.feedPageDefault): Page {
  const page = query.page ?? 1;
  const limit = query.limit ?? defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

/** Fetch limit+1 rows, then call this: trims the extra row and tells whether more exist. */
export function splitPage<T>(rows: T[], limit: number): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** A file field of a multipart form (documentation only: the handler reads and checks it). */
export const formFile = (description: string) => Type.String({ format: 'binary', description });

/** Documents a multipart body; @fastify/multipart leaves reading it to the handler. */
export function multipartBody(description: string) {
  return { content: { 'multipart/form-data': { schema: Type.Unknown({ description }) } } };
}

/** A body schema for JSON and urlencoded forms; multipart bodies are read by the handler. */
export function formBody<T extends TSchema>(schema: T, multipartDescription = 'the same fields as a multipart form') {
  return {
    content: {
      'application/json': { schema },
      'application/x-www-form-urlencoded': { schema },
      ...multipartBody(multipartDescription).content,
    },
  };
}
