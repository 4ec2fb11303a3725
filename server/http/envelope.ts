// The one answer shape of the API: { statusCode, data, message, success }.
import type { FastifyReply } from 'fastify';
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
