// The ceiling: a bare Fastify route answering a fixed JSON body of a given size (/bare: BARE_BYTES,
// /bare/{bytes}: that many, for a scenario's "same bytes" yardstick).
import Fastify from 'fastify';

const bodyOf = (bytes: number) => JSON.stringify({ statusCode: 200, data: { filler: 'x'.repeat(Math.max(0, bytes - 80)) }, message: 'Success', success: true });
const bodies = new Map<number, string>();
const body = bodyOf(Number(process.env.BARE_BYTES || 4000));
const app = Fastify({ logger: false });
app.get('/api/v1/healthcheck', async () => ({ ok: true }));
app.get('/bare', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
app.get<{ Params: { bytes: string } }>('/bare/:bytes', (request, reply) => {
  const bytes = Math.min(1_000_000, Number(request.params.bytes) || 0);
  if (!bodies.has(bytes)) bodies.set(bytes, bodyOf(bytes));
  reply.header('content-type', 'application/json; charset=utf-8').send(bodies.get(bytes));
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
