// The creator studio's reads: a channel's overview and one video's analytics over a range, from
// the rollups. The caller's own channel; a video's page for its owner or an admin (403 otherwise).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { STUDIO_RANGES, StudioOverview, StudioVideo, type StudioRange } from '../../contract/analytics.js';
import { Envelope } from '../../contract/envelope.js';
import { chaptersOf } from '../../contract/chapters.js';
import { dailySeries, rangeStart, retentionCurve, subscriberSeries, totalsOf } from '../analytics/studio.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { forbidden, notFound } from '../domain/errors.js';
import { send } from '../http/envelope.js';
import { IdString } from '../http/schemas.js';
import { queueRollup } from '../useCases/analytics.js';

const TOP_VIDEOS = 10;
const RangeQuery = Type.Object({ range: Type.Optional(Type.Enum(STUDIO_RANGES)) });
const VideoParams = Type.Object({ videoId: IdString });

const studioRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const analytics = app.reads.analytics;
  const tags = ['studio'];
  const security = [{ bearer: [] }];

  app.get(
    '/overview',
    { preHandler: requireUser, schema: { operationId: 'getStudioOverview', summary: "My channel's analytics", tags, security, querystring: RangeQuery, response: { 200: Envelope(StudioOverview) } } },
    async (request, reply) => {
      const ownerId = userIdOf(request);
      const range: StudioRange = request.query.range ?? '28d';
      const nowMs = Date.now();
      const since = rangeStart(range, nowMs);
      // Opening the studio folds what waits, for the next look.
      await queueRollup(app, nowMs);
      const [days, top, subscriptionDays, subscribersTotal, viewersNow] = await Promise.all([
        analytics.channelDays(ownerId, since.day),
        analytics.topVideos(ownerId, range, nowMs, TOP_VIDEOS),
        analytics.subscriptionDays(ownerId, since.day),
        app.reads.subscriptions.countOf(ownerId),
        app.presence.watchingChannel(ownerId),
      ]);
      const { sources, devices, ...totals } = totalsOf(days);
      const subscribers = subscriberSeries(range, nowMs, subscriptionDays);
      const answer: StudioOverview = {
        range,
        totals,
        days: dailySeries(range, nowMs, days),
        topVideos: top.map((video) => ({ _id: video.id, title: video.title, thumbnail: app.urls.image(video.thumbnail), duration: video.duration, views: video.views, watchSeconds: Math.round(video.watchSeconds) })),
        sources,
        devices,
        subscribersGained: subscribers.gained,
        subscribersLost: subscribers.lost,
        subscriberDays: subscribers.days,
        subscribersTotal,
        viewersNow,
      };
      return send(reply, 200, answer, 'Studio overview fetched successfully');
    },
  );

  app.get(
    '/videos/:videoId',
    { preHandler: requireUser, schema: { operationId: 'getStudioVideosByVideoId', summary: "One of my videos' analytics", tags, security, params: VideoParams, querystring: RangeQuery, response: { 200: Envelope(StudioVideo) } } },
    async (request, reply) => {
      const callerId = userIdOf(request);
      const video = await app.reads.videos.findCard(request.params.videoId);
      if (!video) throw notFound('Video not found');
      if (video.owner_id !== callerId && (await app.reads.moderation.roleOf(callerId)) !== 'admin') throw forbidden('Only the video\'s owner can see its analytics');
      const range: StudioRange = request.query.range ?? '28d';
      const nowMs = Date.now();
      await queueRollup(app, nowMs);
      const [hours, viewersNow] = await Promise.all([analytics.videoHours(video.id, rangeStart(range, nowMs).hour), app.presence.watchingVideo(video.id)]);
      const { sources, devices, ...totals } = totalsOf(hours);
      const answer: StudioVideo = {
        range,
        video: { _id: video.id, title: video.title, thumbnail: app.urls.image(video.thumbnail), duration: Number(video.duration), views: totals.views, watchSeconds: totals.watchSeconds },
        totals,
        days: dailySeries(range, nowMs, hours.map((hour) => ({ day: hour.hour.slice(0, 10), views: hour.views, watchSeconds: hour.watchSeconds }))),
        retention: retentionCurve(hours, totals.views),
        chapters: chaptersOf(video.description, Number(video.duration)),
        sources,
        devices,
        viewersNow,
      };
      return send(reply, 200, answer, 'Video analytics fetched successfully');
    },
  );
};
export default studioRoutes;
