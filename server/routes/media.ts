// /media/video/upload/[q_auto:best|good|eco|low/]{videoId}.mp4 -> the 1080/720/480/360 rendition
// (nearest existing one; 'good' when no quality is given; before any exists, the playable source
// or else the streamed start rung as one growing MP4),
// /media/video/hls/{videoId}/master.m3u8, {height}.m3u8 and {height}.mp4 (HLS over the same files;
// live-{height}.m3u8, -init.mp4 and -{n}.m4s while the lowest rung streams),
// /media/video/source/{videoId}.mp4|webm, /media/captions/{videoId}/{captionId}.vtt and
// /media/image/upload/[q_auto:*|w_{IMAGE_WIDTHS}/]{name}. All through sendStored: the same Range, ETag and caching rules.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_WIDTHS, QUALITY_SEGMENTS, type QualitySegment } from '../../contract/limits.js';
import type { RenditionRow, VideoMediaRow } from '../db/repositories/videoMedia.js';
import { mediaCaller } from '../auth/authenticate.js';
import { notFound } from '../http/envelope.js';
import { suspendedAt } from '../domain/suspension.js';
import { assertNotTakenDown, assertOwnerNotSuspended } from '../videos/visibility.js';
import { HLS_CONTENT_TYPE } from '../media/hls.js';
import { ensureImageVariant, imageStorageKey } from '../media/images.js';
import { type MediaCaching, sendStored } from '../media/streaming.js';
import { streamedRungFile } from '../media/streamedRung.js';
import { hlsMasterKey, liveFileKey, liveFileName } from '../media/videoFiles.js';

const VIDEO_FILE = /^([A-Za-z0-9_-]{1,64})\.mp4$/;
const IMAGE_FILE = /^[A-Za-z0-9_-]{1,64}\.(webp|jpe?g|png)$/;
const IMAGE_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };
const HLS_FILE = /^(?:master|(\d{1,4}))\.(m3u8|mp4)$/;
const LIVE_FILE = /^live-(\d{1,4})(?:-(init|\d{1,6}))?\.(m3u8|mp4|m4s)$/;
const SOURCE_FILE = /^([A-Za-z0-9_-]{1,64})\.(mp4|webm)$/;
const SOURCE_TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm' };
const CAPTION_FILE = /^([A-Za-z0-9_-]{1,64})\.vtt$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const DEFAULT_QUALITY: QualitySegment = 'q_auto:good';

/** The existing height closest to the wanted one; on a tie, the better one. */
export function nearestHeight(wanted: number, available: number[]): number | undefined {
  return [...available].sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted) || b - a)[0];
}

function qualityOf(segment: string | undefined): number | undefined {
  return Object.hasOwn(QUALITY_SEGMENTS, segment ?? DEFAULT_QUALITY) ? QUALITY_SEGMENTS[(segment ?? DEFAULT_QUALITY) as QualitySegment] : undefined;
}

type MediaParams = { quality?: string; file: string };
type VideoFileParams = { videoId: string; file: string };

/**
 * A video's files (renditions, HLS, source, captions) are asked again at every use, with their ETag:
 * a moderator can take the video down, and that must reach every cache (a CDN, the browser) at its
 * next request, which then answers 410. An unchanged file costs a 304. Taken down, only its owner
 * and moderators get it, and no cache keeps it.
 */
const videoCaching = (restricted: boolean): MediaCaching => (restricted ? 'private' : 'revalidate');

const mediaRoutes: FastifyPluginAsync = async (app) => {
  const media = app.reads.videoMedia;
  // Pages on CORS_ORIGINS may show avatars and play videos (helmet's default policy is same-site).
  if (app.config.corsOrigins.length) app.addHook('onRequest', async (_request, reply) => void reply.header('cross-origin-resource-policy', 'cross-origin'));

  /** The upload itself, while browsers can play it and no rung exists yet. */
  /**
   * The moderation rules (videos/visibility.ts), as for the video's detail: while its owner is
   * suspended its files answer 403 to all but moderators, and a taken-down video's 410 to all but
   * its owner and moderators (who may send their token); true when the answer is theirs only.
   */
  async function unlessRestricted(request: FastifyRequest, video: VideoMediaRow): Promise<boolean> {
    const owner = { suspended_at: video.owner_suspended_at, suspended_until: video.owner_suspended_until };
    if (!video.taken_down_at && !suspendedAt(owner)) return false;
    const callerId = (await mediaCaller(request))?.userId ?? null;
    await assertOwnerNotSuspended(app.reads, owner, callerId);
    await assertNotTakenDown(app.reads, video, callerId);
    return true;
  }

  function sendSource(request: FastifyRequest, reply: FastifyReply, video: VideoMediaRow, restricted: boolean) {
    const extension = /\.(mp4|webm)$/.exec(video.source_key)?.[1];
    if (!extension || !Number(video.source_playable)) throw notFound('Video is still processing');
    return sendStored(app.storage, request, reply, { key: video.source_key, contentType: SOURCE_TYPES[extension]!, caching: videoCaching(restricted) });
  }

  /**
   * The streamed start rung as one growing MP4 (media/streamedRung.ts), so that `filePath` plays
   * from the moment the video is listed `ready`. Its length is unknown until the run ends: no
   * Range (a Range asked for gets the whole answer, 200) and no cache keeps a partial copy.
   */
  function sendStreamedRung(reply: FastifyReply, video: VideoMediaRow, height: number) {
    reply.header('Accept-Ranges', 'none').header('Cache-Control', 'no-store').type('video/mp4');
    if (reply.request.method === 'HEAD') return reply.send();
    const viewerLeft = new AbortController();
    reply.raw.on('close', () => viewerLeft.abort());
    return reply.send(streamedRungFile({ storage: app.storage, media }, video.id, height, viewerLeft.signal));
  }

  async function serveVideo(request: FastifyRequest<{ Params: MediaParams }>, reply: FastifyReply) {
    const videoId = VIDEO_FILE.exec(request.params.file)?.[1];
    const wanted = qualityOf(request.params.quality);
    if (!videoId || wanted === undefined) throw notFound('Media not found');
    const [video, renditions] = await Promise.all([media.find(videoId), media.renditions(videoId)]);
    if (!video) throw notFound('Video not found');
    const restricted = await unlessRestricted(request, video);
    if (renditions.length === 0) {
      if (video.status === 'failed') throw notFound('Video could not be processed');
      if (video.streaming_height !== null && !Number(video.source_playable)) return sendStreamedRung(reply, video, video.streaming_height);
      return sendSource(request, reply, video, restricted);
    }
    const heights = renditions.map((rendition) => Number(rendition.height));
    const height = nearestHeight(wanted, heights)!;
    const rendition = renditions.find((row) => Number(row.height) === height)!;
    return sendStored(app.storage, request, reply, { key: rendition.storage_key, contentType: 'video/mp4', caching: videoCaching(restricted) });
  }

  async function serveSource(request: FastifyRequest<{ Params: MediaParams }>, reply: FastifyReply) {
    const match = SOURCE_FILE.exec(request.params.file);
    const video = match ? await media.find(match[1]!) : undefined;
    if (!match || !video || !video.source_key.endsWith(`.${match[2]}`)) throw notFound('Media not found');
    return sendSource(request, reply, video, await unlessRestricted(request, video));
  }

  async function serveHls(request: FastifyRequest<{ Params: VideoFileParams }>, reply: FastifyReply) {
    const { videoId, file } = request.params;
    const match = HLS_FILE.exec(file);
    const live = LIVE_FILE.exec(file);
    if (!ID.test(videoId) || !(match || live)) throw notFound('Media not found');
    const [video, renditions] = await Promise.all([media.find(videoId), media.renditions(videoId)]);
    if (!video) throw notFound('Video not found');
    const restricted = await unlessRestricted(request, video);
    const packaged = renditions.filter((row) => row.playlist_key);
    if (live) return serveLive(request, reply, video, packaged, live, restricted);
    if (!match) throw notFound('Media not found');
    if (match[1] === undefined) {
      if (match[2] !== 'm3u8' || (packaged.length === 0 && video.streaming_height === null)) throw notFound('Video is still processing');
      return sendStored(app.storage, request, reply, { key: hlsMasterKey(videoId), contentType: HLS_CONTENT_TYPE, caching: videoCaching(restricted) });
    }
    const rendition = packaged.find((row) => Number(row.height) === Number(match[1]));
    if (!rendition) throw notFound('Media not found');
    const playlist = match[2] === 'm3u8';
    return sendStored(app.storage, request, reply, {
      key: playlist ? rendition.playlist_key! : rendition.storage_key,
      contentType: playlist ? HLS_CONTENT_TYPE : 'video/mp4',
      caching: videoCaching(restricted),
    });
  }

  /**
   * A streamed rung's files (revalidated: a retried job writes them again). Once the rung's own
   * file is published, its live playlist answers with the rung's playlist (the same fragments, by
   * byte range), so a player that started on the stream plays on.
   */
  function serveLive(
    request: FastifyRequest<{ Params: VideoFileParams }>,
    reply: FastifyReply,
    video: VideoMediaRow,
    packaged: RenditionRow[],
    live: RegExpExecArray,
    restricted: boolean,
  ) {
    const height = Number(live[1]);
    const part = live[2] === undefined ? 'playlist' : live[2] === 'init' ? 'init' : Number(live[2]);
    // One spelling per file (no live-360-007.m4s), and the extension that goes with the part.
    if (liveFileName(height, part) !== request.params.file) throw notFound('Media not found');
    const playlist = part === 'playlist';
    const rendition = packaged.find((row) => Number(row.height) === height);
    if (playlist && video.streaming_height !== height && rendition) {
      return sendStored(app.storage, request, reply, { key: rendition.playlist_key!, contentType: HLS_CONTENT_TYPE, caching: videoCaching(restricted) });
    }
    return sendStored(app.storage, request, reply, {
      key: liveFileKey(video.id, request.params.file),
      contentType: playlist ? HLS_CONTENT_TYPE : 'video/mp4',
      caching: videoCaching(restricted),
    });
  }

  async function serveCaption(request: FastifyRequest<{ Params: VideoFileParams }>, reply: FastifyReply) {
    const captionId = CAPTION_FILE.exec(request.params.file)?.[1];
    const caption = captionId && ID.test(request.params.videoId) ? await app.reads.captions.find(request.params.videoId, captionId) : undefined;
    if (!caption) throw notFound('Media not found');
    const video = await media.find(request.params.videoId);
    const restricted = video ? await unlessRestricted(request, video) : false;
    return sendStored(app.storage, request, reply, { key: caption.storage_key, contentType: 'text/vtt; charset=utf-8', caching: videoCaching(restricted) });
  }

  async function serveImage(request: FastifyRequest<{ Params: MediaParams }>, reply: FastifyReply) {
    const { file, quality: segment } = request.params;
    const extension = IMAGE_FILE.exec(file)?.[1];
    // Images accept the same quality segment as videos (one quality of each), or a width (w_480).
    const width = IMAGE_WIDTHS.find((candidate) => segment === `w_${candidate}`);
    if (!extension || (segment !== undefined && width === undefined && qualityOf(segment) === undefined)) throw notFound('Media not found');
    const found = width && extension === 'webp' ? await ensureImageVariant(app.storage, file, width) : { key: imageStorageKey(file) };
    if (!found) throw notFound('Media not found');
    return sendStored(app.storage, request, reply, { ...found, contentType: IMAGE_TYPES[extension]!, caching: 'immutable' });
  }

  const hidden = { schema: { hide: true } };
  for (const url of ['/video/upload/:file', '/video/upload/:quality/:file']) {
    app.route<{ Params: MediaParams }>({ method: ['GET', 'HEAD'], url, ...hidden, handler: serveVideo });
  }
  app.route<{ Params: MediaParams }>({ method: ['GET', 'HEAD'], url: '/video/source/:file', ...hidden, handler: serveSource });
  app.route<{ Params: VideoFileParams }>({ method: ['GET', 'HEAD'], url: '/video/hls/:videoId/:file', ...hidden, handler: serveHls });
  app.route<{ Params: VideoFileParams }>({ method: ['GET', 'HEAD'], url: '/captions/:videoId/:file', ...hidden, handler: serveCaption });
  for (const url of ['/image/upload/:file', '/image/upload/:quality/:file']) {
    app.route<{ Params: MediaParams }>({ method: ['GET', 'HEAD'], url, ...hidden, handler: serveImage });
  }
};
export default mediaRoutes;
