// The ceiling: a bare Fastify route answering a fixed JSON body of a given size.
import Fastify from 'fastify';

const bytes = Number(process.env.BARE_BYTES || 4000);
const filler = 'x'.repeat(Math.max(0, bytes - 80));
const body = JSON.stringify({ statusCode: 200, data: { filler }, message: 'Success', success: true });
const app = Fastify({ logger: false });
app.get('/api/v1/healthcheck', async () => ({ ok: true }));
app.get('/bare', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
