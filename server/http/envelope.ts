// The one answer shape of the API: { statusCode, data, message, success }.
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EnvelopeOf } from '../../contract/envelope.js';

export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors: unknown[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, errors: unknown[] = []) => new ApiError(400, message, errors);
export const unauthorized = (message = 'Unauthorized request') => new ApiError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const payloadTooLarge = (message: string) => new ApiError(413, message);
export const unsupportedMediaType = (message: string) => new ApiError(415, message);

export function envelope<T>(statusCode: number, data: T, message = 'Success'): EnvelopeOf<T> {
  return { statusCode, data, message, success: statusCode < 400 };
}

/** Sends `data` wrapped in the envelope with the given HTTP status. */
export function send<T>(reply: FastifyReply, statusCode: number, data: T, message = 'Success') {
  return reply.code(statusCode).send(envelope(statusCode, data, message));
}

/** The 200 envelope of `data` as the route's response serializer writes it. */
export function serializedEnvelope(reply: FastifyReply, data: unknown, message: string): string {
  return String(reply.serialize(envelope(200, data, message)));
}

/** Sends an envelope serialized earlier (the read cache's bodies) as it is. */
export function sendSerialized(reply: FastifyReply, statusCode: number, body: string) {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** An envelope around a list, serialized once as head + items + tail: answers reorder the items without serializing again. */
export interface SerializedList {
  head: string;
  items: string[];
  tail: string;
}

/**
 * Serializes `data` in the 200 envelope with the route's own response serializer, its list field
 * `listField` apart, one string per item (serialized with `itemSchema`).
 */
export function serializedList<T extends object>(reply: FastifyReply, data: T, listField: keyof T & string, itemSchema: object, message: string): SerializedList {
  const whole = serializedEnvelope(reply, { ...data, [listField]: [] }, message);
  const marker = `"${listField}":[`;
  const at = whole.indexOf(`${marker}]`);
  if (at < 0) throw new Error(`serializedList: no empty ${listField} in the serialized envelope`);
  const serializeItem = reply.compileSerializationSchema(itemSchema as Record<string, unknown>);
  return {
    head: whole.slice(0, at + marker.length),
    items: (data[listField] as Record<string, unknown>[]).map((item) => String(serializeItem(item))),
    tail: whole.slice(at + marker.length),
  };
}

/** The smallest answer compressed, here and by @fastify/compress (app.ts); BROTLI: that plugin's brotli settings. */
export const COMPRESS_MIN_BYTES = 1024;
const BROTLI = { params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };
/** Compressed forms of cached bodies, made on first need and dropped with the body (this process only). */
const encodedForms = new WeakMap<object, Map<'br' | 'gzip', Buffer>>();

/** br, else gzip, when the client accepts it (q > 0) and has not asked for no compression. */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name!.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Sends a cached envelope body; compressed answers reuse the compressed bytes made the first time
 * (@fastify/compress would compress the same body again on every request: ~0.2 to 1 ms of CPU for
 * a feed or comment page).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, statusCode: number, cached: { body: string }) {
  const encoding = cached.body.length >= COMPRESS_MIN_BYTES ? acceptedEncoding(request) : null;
  if (!encoding) return sendSerialized(reply, statusCode, cached.body);
  let forms = encodedForms.get(cached);
  if (!forms) encodedForms.set(cached, (forms = new Map()));
  let bytes = forms.get(encoding);
  if (!bytes) {
    bytes = encoding === 'br' ? brotliCompressSync(cached.body, BROTLI) : gzipSync(cached.body);
    forms.set(encoding, bytes);
  }
  return reply.code(statusCode).type('application/json; charset=utf-8').header('content-encoding', encoding).header('vary', 'accept-encoding').send(bytes);
}

/** Pre-shuffled orders of a cached list kept for compressed answers (each answer picks one at random). */
const LIST_ORDERS = 4;
const listOrders = new WeakMap<SerializedList, { body: string }[]>();

/**
 * Sends a cached list in a random order: a new shuffle for every uncompressed answer; for a
 * compressed one, one of a few shuffled orders whose compressed bytes are kept.
 */
export function sendShuffledList(request: FastifyRequest, reply: FastifyReply, list: SerializedList, shuffle: <T>(items: T[]) => T[]) {
  const encoding = acceptedEncoding(request);
  if (!encoding) return sendSerialized(reply, 200, list.head + shuffle(list.items).join(',') + list.tail);
  let orders = listOrders.get(list);
  if (!orders) listOrders.set(list, (orders = []));
  const pick = Math.floor(Math.random() * LIST_ORDERS);
  orders[pick] ??= { body: list.head + shuffle(list.items).join(',') + list.tail };
  return sendCached(request, reply, 200, orders[pick]);
}
