import type { FastifyPluginAsync } from 'fastify';
import { idempotency } from '../http/idempotency.js';
import admin from './admin.js';
import ai from './ai.js';
import blocks from './blocks.js';
import captions from './captions.js';
import comments from './comments.js';
import health from './health.js';
import history from './history.js';
import likes from './likes.js';
import moderation from './moderation.js';
import notifications from './notifications.js';
import playlists from './playlists.js';
import push from './push.js';
import reports from './reports.js';
import search from './search.js';
import subscriptions from './subscriptions.js';
import tus from './tus.js';
import uploads from './uploads.js';
import users from './users.js';
import videos from './videos.js';
import views from './views.js';

/** Every area of the API, mounted under /api/v1. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  // Before the routes: its hooks cover every write under /api/v1.
  await app.register(idempotency);
  await app.register(health);
  await app.register(users, { prefix: '/users' });
  await app.register(blocks, { prefix: '/users/blocks' });
  await app.register(videos, { prefix: '/videos' });
  await app.register(uploads, { prefix: '/videos' });
  await app.register(captions, { prefix: '/videos' });
  await app.register(tus, { prefix: '/uploads/tus' });
  await app.register(views, { prefix: '/views' });
  await app.register(history, { prefix: '/watch-history' });
  await app.register(likes, { prefix: '/likes' });
  await app.register(comments, { prefix: '/comments' });
  await app.register(ai, { prefix: '/ai' });
  await app.register(subscriptions, { prefix: '/subscription' });
  await app.register(playlists, { prefix: '/playlist' });
  await app.register(notifications, { prefix: '/notifications' });
  await app.register(reports, { prefix: '/reports' });
  await app.register(push, { prefix: '/push' });
  await app.register(moderation, { prefix: '/moderation' });
  await app.register(admin, { prefix: '/admin' });
  await app.register(search);
};
