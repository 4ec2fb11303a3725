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
