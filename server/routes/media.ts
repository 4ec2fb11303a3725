// /media/video/upload/[q_auto:best|good|eco|low/]{videoId}.mp4 -> the 1080/720/480/360 rendition
// (nearest existing one; 'good' when no quality is given) and /media/image/upload/[...]/{name}.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { QUALITY_SEGMENTS, type QualitySegment } from '../../contract/limits.js';
import { VideoMediaRepository } from '../db/repositories/videoMedia.js';
import { notFound } from '../http/envelope.js';
import { imageStorageKey } from '../media/images.js';
import { ladderFor, qualityHeight } from '../media/ladder.js';
import { sendStored } from '../media/streaming.js';

const VIDEO_FILE = /^([A-Za-z0-9_-]{1,64})\.mp4$/;
const IMAGE_FILE = /^[A-Za-z0-9_-]{1,64}\.(webp|jpe?g|png)$/;
const IMAGE_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };
const DEFAULT_QUALITY: QualitySegment = 'q_auto:good';

/** The existing height closest to the wanted one; on a tie, the better one. */
export function nearestHeight(wanted: number, available: number[]): number | undefined {
  return [...available].sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted) || b - a)[0];
}

function qualityOf(segment: string | undefined): number | undefined {
  return Object.hasOwn(QUALITY_SEGMENTS, segment ?? DEFAULT_QUALITY) ? QUALITY_SEGMENTS[(segment ?? DEFAULT_QUALITY) as QualitySegment] : undefined;
}

type MediaParams = { quality?: string; file: string };

const mediaRoutes: FastifyPluginAsync = async (app) => {
  const media = new VideoMediaRepository(app.db.db);

  async function serveVideo(request: FastifyRequest<{ Params: MediaParams }>, reply: FastifyReply) {
    const videoId = VIDEO_FILE.exec(request.params.file)?.[1];
    const wanted = qualityOf(request.params.quality);
    if (!videoId || wanted === undefined) throw notFound('Media not found');
    const [video, renditions] = await Promise.all([media.find(videoId), media.renditions(videoId)]);
    if (!video) throw notFound('Video not found');
    if (renditions.length === 0) throw notFound(video.status === 'failed' ? 'Video could not be processed' : 'Video is still processing');
    const heights = renditions.map((rendition) => Number(rendition.height));
    const height = nearestHeight(wanted, heights)!;
    const rendition = renditions.find((row) => Number(row.height) === height)!;
    // A fallback may be replaced by a better match while transcoding goes on: revalidate those.
    const complete = ladderFor(qualityHeight(video.width, video.height)).every((rung) => heights.includes(rung.height));
    return sendStored(app.storage, request, reply, { key: rendition.storage_key, contentType: 'video/mp4', immutable: height === wanted || complete });
  }

  async function serveImage(request: FastifyRequest<{ Params: MediaParams }>, reply: FastifyReply) {
    const { file, quality } = request.params;
    const extension = IMAGE_FILE.exec(file)?.[1];
    // Images accept the same quality segment as videos; there is one size of each image.
    if (!extension || (quality !== undefined && qualityOf(quality) === undefined)) throw notFound('Media not found');
    return sendStored(app.storage, request, reply, { key: imageStorageKey(file), contentType: IMAGE_TYPES[extension]!, immutable: true });
  }

  const hidden = { schema: { hide: true } };
  for (const url of ['/video/upload/:file', '/video/upload/:quality/:file']) {
    app.route<{ Params: MediaParams }>({ method: ['GET', 'HEAD'], url, ...hidden, handler: serveVideo });
  }
  for (const url of ['/image/upload/:file', '/image/upload/:quality/:file']) {
    app.route<{ Params: MediaParams }>({ method: ['GET', 'HEAD'], url, ...hidden, handler: serveImage });
  }
};
export default mediaRoutes;
