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
type BodyForm = 'identity' | 'br' | 'gzip';
/**
 * The bytes of cached bodies as they go out: UTF-8 (identity) and compressed, each made on first
 * need and dropped with the body (this process only). A string body would be measured
 * (Buffer.byteLength) and encoded again by every answer: ~10 µs of CPU for a 20 KB comment page.
 */
const bodyForms = new WeakMap<object, Partial<Record<BodyForm, Buffer>>>();

function formOf(cached: { body: string }, form: BodyForm): Buffer {
  let forms = bodyForms.get(cached);
  if (!forms) bodyForms.set(cached, (forms = {}));
  return (forms[form] ??= form === 'br' ? brotliCompressSync(cached.body, BROTLI) : form === 'gzip' ? gzipSync(cached.body) : Buffer.from(cached.body, 'utf8'));
}

/** Accept-Encoding values seen lately and what they choose (clients send a handful of distinct ones). */
const encodingChoices = new Map<string, 'br' | 'gzip' | null>();
const ENCODING_CHOICES_MAX = 64;

/** br, else gzip, when the client accepts it (q > 0) and has not asked for no compression. */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return null;
  let choice = encodingChoices.get(header);
  if (choice !== undefined) return choice;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name!.trim());
  }
  choice = accepted.has('br') ? 'br' : accepted.has('gzip') || accepted.has('*') ? 'gzip' : null;
  if (encodingChoices.size >= ENCODING_CHOICES_MAX) encodingChoices.clear();
  encodingChoices.set(header, choice);
  return choice;
}

/**
 * Sends a cached envelope body as bytes kept beside it: its UTF-8 form, or its compressed form
 * when the client accepts one (@fastify/compress would compress the same body again on every
 * request: ~0.2 to 1 ms of CPU for a feed or comment page).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, statusCode: number, cached: { body: string }) {
  const encoding = cached.body.length >= COMPRESS_MIN_BYTES ? acceptedEncoding(request) : null;
  reply.code(statusCode).type('application/json; charset=utf-8');
  if (!encoding) return reply.send(formOf(cached, 'identity'));
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(formOf(cached, encoding));
}

/**
 * Shuffled orders kept per cached list; each answer picks one at random. The spec's shuffle
 * within a page holds (every answer is one of 8 random orders, made anew whenever the page is),
 * without a shuffle, join and UTF-8 encoding per answer.
 */
const LIST_ORDERS = 8;
const listOrders = new WeakMap<SerializedList, { body: string }[]>();

/** Sends a cached list in one of its kept random orders (compressed as the client accepts). */
export function sendShuffledList(request: FastifyRequest, reply: FastifyReply, list: SerializedList, shuffle: <T>(items: T[]) => T[]) {
  let orders = listOrders.get(list);
  if (!orders) listOrders.set(list, (orders = []));
  const pick = Math.floor(Math.random() * LIST_ORDERS);
  orders[pick] ??= { body: list.head + shuffle(list.items).join(',') + list.tail };
  return sendCached(request, reply, 200, orders[pick]);
}
