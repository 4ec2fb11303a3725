// Serving stored media over HTTP: Range (206/416), HEAD, ETag/If-None-Match (304), If-Range
// and Cache-Control, the same for disk and S3 (whose GetObject takes the Range through).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../contract/envelope.js';
import { notFound } from '../domain/errors.js';
import type { MediaStorage, StoredObject } from './storage.js';

export interface ServedFile {
  key: string;
  contentType: string;
  /**
   * How caches may keep it: `immutable`, a year without asking (images: their names change with
   * their bytes, and nothing takes one away); `revalidate`, kept but asked again at every use with
   * its ETag (a video's files: a takedown must reach every cache at its next use, and an unchanged
   * file costs a 304); `private`, only its owner and moderators may have it (a taken-down video):
   * kept out of every cache.
   */
  caching: MediaCaching;
  /** What storage.stat said of it, when the caller has just asked (not asked again). */
  stored?: StoredObject;
}

export type MediaCaching = 'immutable' | 'revalidate' | 'private';

const CACHE_CONTROL: Record<MediaCaching, string> = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'public, no-cache',
  private: 'private, no-store',
};

export type ByteRange = { start: number; end: number };

/**
 * One `bytes=` range against a file of `size` bytes. null means "ignore the header and send
 * everything" (malformed, or several ranges); 'unsatisfiable' means 416.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : Infinity;
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

export async function sendStored(storage: MediaStorage, request: FastifyRequest, reply: FastifyReply, file: ServedFile): Promise<FastifyReply> {
  const info = file.stored ?? (await storage.stat(file.key));
  if (!info) throw notFound('Media not found');
  const etag = `"${createHash('sha1').update(`${file.key}:${info.size}:${info.mtimeMs}`).digest('base64url').slice(0, 27)}"`;
  reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', new Date(info.mtimeMs || Date.now()).toUTCString())
    .header('Cache-Control', CACHE_CONTROL[file.caching]);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  const range = rangeHeader && (!ifRange || ifRange === etag) ? parseRange(rangeHeader, info.size) : null;
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${info.size}`)
      .type('application/json; charset=utf-8')
      .send(errorBody(416, 'Requested range not satisfiable'));
  }
  reply.type(file.contentType);
  if (range) {
    reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
  }
  const length = range ? range.end - range.start + 1 : info.size;
  reply.header('Content-Length', String(length));
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await storage.read(file.key, range ?? undefined));
}
