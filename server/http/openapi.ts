// Completes the OpenAPI document @fastify/swagger builds from the route schemas, in one place rather than
// route by route: operationIds, summaries, security, error answers, named entity schemas, servers, headers.
import type { FastifyInstance, RouteOptions } from 'fastify';
import * as entities from '../../contract/entities.js';
import { ErrorEnvelope } from '../../contract/envelope.js';
import { IDEMPOTENCY_KEY_HEADER, TUS_VIDEO_ID_HEADER } from '../../contract/offline.js';
import { requireUser } from '../auth/authenticate.js';
import { STORAGE_FULL_MESSAGE } from './errorHandler.js';

/** What the document needs to know about a route that its schema does not say. */
export interface RouteFacts {
  method: string;
  url: string;
  authenticated: boolean;
  /** false: the route ignores Idempotency-Key. */
  idempotency: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, as Fastify has it (the OpenAPI test checks each is documented). */
    vidshareRoutes: RouteFacts[];
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
    for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url, authenticated: usesRequireUser(route), idempotency: route.config?.idempotency !== false });
  });
  return routes;
}

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** Entities generated clients should see by name; larger ones first so nested ones are found inside them. */
const NAMED_SCHEMAS: Record<string, unknown> = {
  ErrorEnvelope,
  Video: entities.Video,
  VideoCard: entities.VideoCard,
  VideoPage: entities.VideoPage,
  User: entities.CurrentUser,
  Profile: entities.Profile,
  Owner: entities.Owner,
  UserSearchResult: entities.UserSearchResult,
  HistoryEntry: entities.HistoryEntry,
  LikedEntry: entities.LikedEntry,
  Comment: entities.Comment,
  Playlist: entities.Playlist,
  PlaylistPage: entities.PlaylistPage,
  PlaylistDetail: entities.PlaylistDetail,
  LoginResult: entities.LoginResult,
  Report: entities.Report,
  Caption: entities.Caption,
  WatchPosition: entities.WatchPosition,
  Notification: entities.Notification,
  NotificationPage: entities.NotificationPage,
  NotificationPreferences: entities.NotificationPreferences,
  SubscribedChannel: entities.SubscribedChannel,
};

/** Key-order independent fingerprint of a JSON schema (TypeBox symbols and undefined dropped). */
function fingerprint(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).filter((key) => (value as Json)[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${fingerprint((value as Json)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** JSON Schema (TypeBox) to the OpenAPI 3.0 dialect, as @fastify/swagger converts route schemas. */
function toOpenApi30(node: unknown): any {
  if (Array.isArray(node)) return node.map(toOpenApi30);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = toOpenApi30(value);
  if ('const' in out) {
    out.enum = [out.const];
    delete out.const;
  }
  if (Array.isArray(out.anyOf) && out.anyOf.some((member: Json) => member.type === 'null')) {
    const rest = out.anyOf.filter((member: Json) => member.type !== 'null');
    if (rest.length === 1 && rest[0].type) {
      delete out.anyOf;
      Object.assign(out, rest[0], { nullable: true });
    } else {
      out.anyOf = [...rest, { type: 'object', nullable: true, enum: [null] }];
    }
  }
  return out;
}

const plain = (schema: unknown): Json => toOpenApi30(JSON.parse(JSON.stringify(schema)));

/** Replaces every inline copy of a named schema with a $ref (deepest first inside the components). */
function nameSchemas(document: Json): void {
  const components = (document.components.schemas ??= {});
  const byPrint = new Map<string, string>();
  for (const [name, schema] of Object.entries(NAMED_SCHEMAS)) {
    byPrint.set(fingerprint(plain(schema)), name);
  }
  const replace = (node: unknown, skip?: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => replace(item));
    if (!node || typeof node !== 'object') return node;
    const name = byPrint.get(fingerprint(node));
    if (name && name !== skip) return { $ref: `#/components/schemas/${name}` };
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) out[key] = replace(value);
    return out;
  };
  for (const [name, schema] of Object.entries(NAMED_SCHEMAS)) components[name] = replace(plain(schema), name);
  document.paths = replace(document.paths);
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/\*$/, '{wildcard}');

/** Stable, unique: method + path words, e.g. getApiV1VideosVideoId -> getVideosByVideoId. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1\//, '/')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `By-${part.slice(1, -1)}` : part))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return method + words.join('');
}

function summaryOf(method: string, path: string): string {
  const verb = { get: 'Get', post: 'Create', put: 'Replace', patch: 'Update', delete: 'Delete', head: 'Check', options: 'Preflight' }[method] ?? method;
  return `${verb} ${path.replace(/^\/api\/v1/, '')}`;
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

function mediaOperation(path: string): Json {
  const parameters = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
  return {
    tags: ['media'],
    parameters,
    responses: {
      200: { description: 'The file (Range requests answer 206)', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      206: { description: 'Part of the file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
    },
  };
}

/** @fastify/swagger `transformObject`: completes the generated document (see the file comment). */
export function completeDocument(document: Json, routes: RouteFacts[]): Json {
  // Routes registered as '/' under a prefix come out with a trailing slash; Fastify serves both.
  const paths: Json = {};
  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    const key = path.length > 1 ? path.replace(/\/$/, '') : path;
    paths[key] = { ...paths[key], ...item };
  }
  // Routes hidden from the generator (the /media files) still belong in the document.
  for (const route of routes) {
    const method = route.method.toLowerCase();
    if (method === 'head' || !route.url.startsWith('/media/')) continue;
    const path = toOpenApiPath(route.url);
    paths[path] ??= {};
    paths[path][method] ??= mediaOperation(path);
  }
  document.paths = paths;
  document.servers = [{ url: '/', description: 'This server (the API lives under /api/v1, files under /media)' }];
  document.info.license ??= { name: 'MIT', url: 'https://opensource.org/licenses/MIT' };
  document.info.description =
    'The /api/v1 API of Vidshare. Every answer is `{ statusCode, data, message, success }`; every error is the ErrorEnvelope. ' +
    'Request logs keep the names of query parameters but never their values (`?token=[redacted]`), and no headers (so no Authorization or cookies); ' +
    'still, put no secret in a URL.';
  document.components ??= {};
  document.components.parameters = {
    ...document.components.parameters,
    IdempotencyKey: {
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description: 'Makes a signed-in write safe to retry: the same key replays the first answer (Idempotent-Replayed: true).',
      schema: { type: 'string', minLength: 1, maxLength: 200 },
    },
  };
  const facts = new Map(routes.map((route) => [`${route.method.toLowerCase()} ${toOpenApiPath(route.url).replace(/(.)\/$/, '$1')}`, route]));
  const usedIds = new Set<string>();
  for (const [path, item] of Object.entries<Json>(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const route = facts.get(`${method} ${path}`);
      let id = operation.operationId ?? operationIdOf(method, path);
      while (usedIds.has(id)) id += '_';
      usedIds.add(id);
      operation.operationId = id;
      operation.summary ??= summaryOf(method, path);
      if (route?.authenticated) operation.security = [{ bearer: [] }];
      // Everything else reads the optional bearer token (or the session cookie) when it is there.
      else operation.security ??= [{}, { bearer: [] }];
      operation.responses ??= {};
      const responses = operation.responses;
      if (Object.keys(responses).every((code) => !code.startsWith('2'))) responses['200'] = { description: 'Success' };
      if (!path.startsWith('/media/')) responses['400'] ??= errorAnswer('Invalid input');
      if (route?.authenticated) {
        responses['401'] ??= errorAnswer('Not signed in, or the token expired');
        responses['403'] ??= errorAnswer('Not allowed (e.g. not the owner, or the XSRF token is missing)');
      }
      if (path.includes('{')) responses['404'] ??= errorAnswer('Not found');
      if (WRITE_METHODS.has(method)) responses['429'] ??= errorAnswer('Too many requests');
      responses['500'] ??= errorAnswer('Unexpected server error');
      for (const answer of Object.values<Json>(responses)) {
        if (answer.description === 'Default Response') answer.description = 'Success';
      }
      // Multipart bodies are read by the handler; describe them as forms of fields and files.
      const multipart = operation.requestBody?.content?.['multipart/form-data'];
      if (multipart && !multipart.schema?.type && !multipart.schema?.$ref) {
        multipart.schema = { type: 'object', description: multipart.schema?.description, additionalProperties: true };
      }
      if (route?.authenticated && route.idempotency && WRITE_METHODS.has(method) && !path.includes('/uploads/tus')) {
        operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
      }
    }
  }
  documentSpecialRoutes(paths);
  nameSchemas(document);
  return document;
}

const stringHeader = (description: string) => ({ description, schema: { type: 'string' } });
const binary = (description: string) => ({ type: 'string', format: 'binary', description });

/** The multipart forms the handlers read (readMultipart), as forms of named fields and files. */
const MULTIPART_FORMS: Record<string, Json> = {
  'post /api/v1/videos/upload-Video': {
    type: 'object',
    required: ['title', 'description', 'videoFile'],
    properties: {
      title: { type: 'string' },
      description: { type: 'string' },
      videoFile: binary('The video (MP4, WebM, QuickTime, ...); sniffed, not trusted by name'),
      thumbnail: binary('Optional PNG, JPEG, WebP or GIF; a frame of the video otherwise'),
    },
  },
  'post /api/v1/users/update-avatar': { type: 'object', required: ['avatar'], properties: { avatar: binary('PNG, JPEG, WebP or GIF image') } },
  'post /api/v1/users/update-coverImage': { type: 'object', required: ['coverImage'], properties: { coverImage: binary('PNG, JPEG, WebP or GIF image') } },
  'post /api/v1/videos/{videoId}/captions': {
    type: 'object',
    required: ['file', 'language'],
    properties: { file: binary('WebVTT or SRT, UTF-8'), language: { type: 'string', description: 'BCP 47 tag, e.g. en, pt-BR' }, label: { type: 'string' } },
  },
};

/** What the route schemas cannot say: register's 201 with token, the tus protocol headers. */
function documentSpecialRoutes(paths: Json): void {
  const register = paths['/api/v1/users/register']?.post;
  if (register) {
    delete register.responses['200'];
    register.responses['201'] = {
      description: 'Registered and signed in',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['statusCode', 'data', 'token', 'message', 'success'],
            properties: {
              statusCode: { type: 'number' },
              data: plain(entities.CurrentUser),
              token: { type: 'string', description: 'The access token (JWT), as accessToken from login' },
              message: { type: 'string' },
              success: { type: 'boolean' },
            },
          },
        },
      },
    };
    register.responses['409'] ??= errorAnswer('Username or email already taken');
    register.requestBody.content['multipart/form-data'].schema = {
      type: 'object',
      description: register.requestBody.content['multipart/form-data'].schema?.description,
      required: ['username', 'email', 'password', 'fullName', 'avatar'],
      properties: {
        username: { type: 'string' },
        email: { type: 'string', format: 'email' },
        password: { type: 'string', format: 'password' },
        fullName: { type: 'string' },
        avatar: { type: 'string', format: 'binary' },
        coverImage: { type: 'string', format: 'binary' },
      },
    };
  }
  for (const [key, schema] of Object.entries(MULTIPART_FORMS)) {
    const [method, path] = key.split(' ') as [string, string];
    const operation = paths[path]?.[method];
    if (!operation) continue;
    operation.requestBody ??= { required: true, content: {} };
    // Keeps the route's own description (its limits come from the configuration).
    const described = operation.requestBody.content['multipart/form-data']?.schema?.description;
    operation.requestBody.content['multipart/form-data'] = { schema: { ...schema, ...(described ? { description: described } : {}) } };
  }
  // Routes that store what they receive: too large, or no room left on the server.
  for (const [path, item] of Object.entries<Json>(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      const content = operation?.requestBody?.content ?? {};
      const tusWrite = path === '/api/v1/uploads/tus' || (path.startsWith('/api/v1/uploads/tus/') && method === 'patch');
      if (!operation || !(content['multipart/form-data'] || tusWrite)) continue;
      operation.responses['413'] ??= errorAnswer('Too large: a file over its limit, or a tus body past its Upload-Length');
      operation.responses['507'] ??= errorAnswer(`No storage space left on the server: "${STORAGE_FULL_MESSAGE}" Nothing is kept; retry later.`);
    }
  }
  const tusHeaders = [
    { name: 'Tus-Resumable', in: 'header', required: true, schema: { type: 'string', enum: ['1.0.0'] } },
  ];
  for (const [path, item] of Object.entries<Json>(paths)) {
    if (!path.startsWith('/api/v1/uploads/tus')) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || method === 'options' || path.endsWith('/video')) continue;
      const extra: Json[] = [...tusHeaders];
      if (method === 'post') {
        extra.push({ name: 'Upload-Length', in: 'header', required: true, schema: { type: 'integer', minimum: 0 } });
        extra.push({ name: 'Upload-Metadata', in: 'header', required: false, description: 'title and description, base64 values', schema: { type: 'string' } });
      }
      if (method === 'patch') {
        extra.push({ name: 'Upload-Offset', in: 'header', required: true, schema: { type: 'integer', minimum: 0 } });
        operation.requestBody ??= { required: true, content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } } };
      }
      operation.parameters = [...(operation.parameters ?? []), ...extra];
      for (const [code, answer] of Object.entries<Json>(operation.responses)) {
        if (!code.startsWith('2')) continue;
        answer.headers = {
          'Tus-Resumable': stringHeader('The tus protocol version'),
          'Upload-Offset': stringHeader('Bytes received so far'),
          ...(method === 'post' ? { Location: stringHeader('The upload URL') } : {}),
          ...(method !== 'delete' ? { [TUS_VIDEO_ID_HEADER]: stringHeader('The video the upload became, once finished') } : {}),
        };
      }
    }
  }
}
