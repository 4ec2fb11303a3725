import { Type, type Static, type TSchema } from 'typebox';

/** Every successful answer: { statusCode, data, message, success }. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ statusCode: Type.Number(), data, message: Type.String(), success: Type.Boolean() });
}
export interface EnvelopeOf<T> {
  statusCode: number;
  data: T;
  message: string;
  success: boolean;
}

/** Every error: { statusCode, message, success: false, errors }. */
export const ErrorEnvelope = Type.Object({
  statusCode: Type.Number(),
  message: Type.String(),
  success: Type.Literal(false),
  errors: Type.Array(Type.Unknown()),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** Builds the error envelope wherever an error is answered (server, tus, the service worker). */
export function errorBody(statusCode: number, message: string, errors: unknown[] = []): ErrorEnvelope {
  return { statusCode, message, success: false, errors };
}
