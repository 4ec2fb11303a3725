// Blocking users (/users/blocks): my list, block, unblock.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../contract/envelope.js';
import { BlockList, BlockStatus } from '../../contract/moderation.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { toBlockedUser } from '../formatters/moderation.js';
import { send } from '../http/envelope.js';
import { IdString } from '../http/schemas.js';
import { blockUser, unblockUser } from '../useCases/blocks.js';

const UserParams = Type.Object({ userId: IdString });

const blocksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['users'];
  const security = [{ bearer: [] }];
  const write = { rateLimit: app.rateLimits.write };

  app.get('/', { preHandler: requireUser, schema: { operationId: 'getUsersBlocks', summary: 'Users I blocked', tags, security, response: { 200: Envelope(BlockList) } } }, async (request, reply) => {
    const rows = await app.reads.blocks.list(userIdOf(request));
    return send(reply, 200, { users: rows.map((row) => toBlockedUser(row, app.urls)) }, 'Blocked users fetched successfully');
  });

  app.post(
    '/:userId',
    { preHandler: requireUser, config: write, schema: { operationId: 'postUsersBlocksByUserId', summary: 'Block a user', tags, security, params: UserParams, response: { 200: Envelope(BlockStatus) } } },
    async (request, reply) => {
      await blockUser(app, { blockerId: userIdOf(request), userId: request.params.userId });
      return send(reply, 200, { userId: request.params.userId, blocked: true }, 'User blocked');
    },
  );

  app.delete(
    '/:userId',
    { preHandler: requireUser, config: write, schema: { operationId: 'deleteUsersBlocksByUserId', summary: 'Unblock a user', tags, security, params: UserParams, response: { 200: Envelope(BlockStatus) } } },
    async (request, reply) => {
      await unblockUser(app, { blockerId: userIdOf(request), userId: request.params.userId });
      return send(reply, 200, { userId: request.params.userId, blocked: false }, 'User unblocked');
    },
  );
};
export default blocksRoutes;
