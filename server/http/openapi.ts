// The OpenAPI document comes from the route schemas (operationId, summary, tags, security, bodies,
// answers) and the named schemas (namedSchemas.ts). This file adds only what a route schema cannot
// say: the document's info, servers and security schemes; the answers every route shares (kept out
// of the response schemas, which Fastify compiles into serializers); the multipart forms the
// handlers read themselves; the tus protocol headers; the /media files the generator does not see.
import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { IDEMPOTENCY_KEY_HEADER, TUS_VIDEO_ID_HEADER } from '../../contract/offline.js';
import { requireUser } from '../auth/authenticate.js';
import { STORAGE_FULL_MESSAGE } from './errorHandler.js';

/** What the document test needs to know about a route that its schema does not say. */
export interface RouteFacts {
  method: string;
  url: string;
  authenticated: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, as Fastify has it (the OpenAPI test checks each is documented). */
    vidshareRoutes: RouteFacts[];
  }
  interface FastifyContextConfig {
    /** The fields and files of a multipart body the handler reads (documentation only: never validated). */
    multipartForm?: TSchema;
    /** Refusals worth naming in the document beyond those every route shares, by status. */
    documentedErrors?: Record<number, string>;
  }
}

function usesRequireUser(route: RouteOptions): boolean {
  const handlers = [route.preHandler, route.onRequest, route.preValidation].flat().filter(Boolean);
  return handlers.includes(requireUser as never);
}

/** Records every route; call before any route is registered. */
export function collectRoutes(app: FastifyInstance): RouteFacts[] {
  const routes: RouteFacts[] = [];
  app.decorate('vidshareRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url, authenticated: usesRequireUser(route) });
  });
  return routes;
}

type Json = Record<string, any>;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const errorAnswer = (description: string) => ({ description, $ref: 'ErrorEnvelope#' });
const binary = { type: 'string', format: 'binary' };
const stringHeader = (description: string) => ({ type: 'string', description });

/** Signed-in only: the route's schema says bearer and nothing else. */
const bearerOnly = (schema: Json) => Array.isArray(schema.security) && schema.security.length === 1 && Object.keys(schema.security[0]).join() === 'bearer';

/** The tus protocol's request headers (tus.ts hands the requests to @tus/server). */
function tusHeaders(method: string): { properties: Json; required: string[] } {
  const resumable = { 'Tus-Resumable': { type: 'string', enum: ['1.0.0'] } };
  if (method === 'POST') {
    return {
      properties: { ...resumable, 'Upload-Length': { type: 'integer', minimum: 0 }, 'Upload-Metadata': { type: 'string', description: 'title and description, base64 values' } },
      required: ['Tus-Resumable', 'Upload-Length'],
    };
  }
  if (method === 'PATCH') return { properties: { ...resumable, 'Upload-Offset': { type: 'integer', minimum: 0 } }, required: ['Tus-Resumable', 'Upload-Offset'] };
  return { properties: resumable, required: ['Tus-Resumable'] };
}

/** @fastify/swagger `transform`: one route's documentation; the schema Fastify compiles is left as it is. */
function documentRoute({ schema: routeSchema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) {
  const schema: Json = { ...routeSchema };
  const method = String(route.method);
  // Routes registered as '/' under a prefix come out with a trailing slash; Fastify serves both.
  const path = url.length > 1 ? url.replace(/\/$/, '') : url;
  const signedIn = bearerOnly(schema);
  const tus = path.startsWith('/api/v1/uploads/tus') && !path.endsWith('/video');
  const form = route.config?.multipartForm;
  const response: Json = {};
  for (const [code, answer] of Object.entries<Json>((schema.response as Json) ?? { 200: { type: 'null' } })) {
    // @fastify/swagger takes this key as the answer's description and drops it from the schema.
    response[code] = { 'x-response-description': 'Success', ...answer };
  }
  // A multipart body is read by the handler: Fastify validates nothing of it, the document names its
  // fields where the route gives its form, else says it is a form of fields and files.
  const body = schema.body as Json | undefined;
  const given = body?.content?.['multipart/form-data'];
  const multipart = Boolean(form || given);
  if (multipart) {
    // Keeps the route's own description (its limits come from the configuration).
    const description = given?.schema?.description;
    const fields = form ?? { type: 'object', additionalProperties: true };
    schema.body = { content: { ...body?.content, 'multipart/form-data': { schema: { ...fields, ...(description ? { description } : {}) } } } };
  }
  const headers: Json = { type: 'object', properties: {}, required: [], ...(schema.headers as Json) };
  if (tus) {
    const { properties, required } = tusHeaders(method);
    Object.assign(headers.properties, properties);
    headers.required.push(...required);
    if (method === 'PATCH') schema.body = { content: { 'application/offset+octet-stream': { schema: binary } } };
    for (const [code, answer] of Object.entries<Json>(response)) {
      if (!code.startsWith('2')) continue;
      answer.headers = {
        'Tus-Resumable': stringHeader('The tus protocol version'),
        'Upload-Offset': stringHeader('Bytes received so far'),
        ...(method === 'POST' ? { Location: stringHeader('The upload URL') } : {}),
        ...(method !== 'DELETE' ? { [TUS_VIDEO_ID_HEADER]: stringHeader('The video the upload became, once finished') } : {}),
      };
    }
  } else if (signedIn && WRITE_METHODS.has(method) && route.config?.idempotency !== false) {
    headers.properties[IDEMPOTENCY_KEY_HEADER] = {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'Makes a signed-in write safe to retry: the same key replays the first answer (Idempotent-Replayed: true).',
    };
  }
  if (Object.keys(headers.properties).length) schema.headers = headers;
  for (const [code, description] of Object.entries(route.config?.documentedErrors ?? {})) response[code] ??= errorAnswer(description);
  response[400] ??= errorAnswer('Invalid input');
  if (signedIn) {
    response[401] ??= errorAnswer('Not signed in, or the token expired');
    response[403] ??= errorAnswer('Not allowed (e.g. not the owner, or the XSRF token is missing)');
  }
  if (/[:{]/.test(path)) response[404] ??= errorAnswer('Not found');
  // Routes that store what they receive: too large, or no room left on the server.
  if (multipart || (tus && (method === 'POST' || method === 'PATCH'))) {
    response[413] ??= errorAnswer('Too large: a file over its limit, or a tus body past its Upload-Length');
    response[507] ??= errorAnswer(`No storage space left on the server: "${STORAGE_FULL_MESSAGE}" Nothing is kept; retry later.`);
  }
  if (WRITE_METHODS.has(method)) response[429] ??= errorAnswer('Too many requests');
  response[500] ??= errorAnswer('Unexpected server error');
  schema.response = response;
  return { schema, url: path };
}

/** The /media files: their routes carry no schema (hidden from the generator), so they are described here. */
function documentMediaFiles(document: Json, routes: RouteFacts[]): void {
  for (const route of routes) {
    if (route.method !== 'GET' || !route.url.startsWith('/media/')) continue;
    const path = route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const words = path.split('/').filter(Boolean).map((part) => (part.startsWith('{') ? `By-${part.slice(1, -1)}` : part));
    const file = (description: string) => ({ description, content: { 'application/octet-stream': { schema: binary } } });
    document.paths[path] = {
      get: {
        operationId: `get${words.join('-').split(/[^A-Za-z0-9]+/).map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')}`,
        summary: `Get ${path}`,
        tags: ['media'],
        parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        responses: {
          200: file('The file (Range requests answer 206)'),
          206: file('Part of the file'),
          404: { description: 'Not found', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
          500: { description: 'Unexpected server error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
        },
      },
    };
  }
}

/** The options of @fastify/swagger: the document's frame, named schemas by their $id, the two hooks above. */
export function swaggerOptions(routes: RouteFacts[]): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Vidshare API',
        version: '1.0.0',
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
        description:
          'The /api/v1 API of Vidshare (docs/api.md tells what applies to every route). Every answer is `{ statusCode, data, message, success }`; every error is the ErrorEnvelope. ' +
          'Request logs keep the names of query parameters but never their values (`?token=[redacted]`), and no headers (so no Authorization or cookies); ' +
          'still, put no secret in a URL.',
      },
      servers: [{ url: '/', description: 'This server (the API lives under /api/v1, files under /media)' }],
      // Routes without their own security read the bearer token (or the session cookie) when it is there.
      security: [{}, { bearer: [] }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          runnerToken: { type: 'apiKey', in: 'header', name: 'X-Runner-Token', description: 'A remote runner\'s token (`npm run admin -- runner add`)' },
        },
      },
    },
    // Shared schemas are named by their $id (the default is def-0, def-1, ...).
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: documentRoute as never,
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      documentMediaFiles(documentObject.openapiObject, routes);
      return documentObject.openapiObject;
    },
  };
}
