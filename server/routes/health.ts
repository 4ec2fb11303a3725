import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { send } from '../http/envelope.js';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/healthcheck', { schema: { tags: ['health'] } }, async (_request, reply) => {
    await sql`select 1`.execute(app.db.db);
    return send(reply, 200, { status: 'ok', database: app.db.dialect }, 'OK');
  });
};
export default healthRoutes;
