// The ceiling: a bare Fastify route answering a fixed JSON body of a given size (/bare: BARE_BYTES,
// /bare/{bytes}: that many, for a scenario's "same bytes" yardstick). Bodies are made once per size.
import Fastify, { type FastifyReply } from 'fastify';

const bodies = new Map<number, string>();
function sendBody(reply: FastifyReply, bytes: number) {
  let body = bodies.get(bytes);
  if (body === undefined) {
    body = JSON.stringify({ statusCode: 200, data: { filler: 'x'.repeat(Math.max(0, bytes - 80)) }, message: 'Success', success: true });
    bodies.set(bytes, body);
  }
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
}

const defaultBytes = Number(process.env.BARE_BYTES || 4000);
const app = Fastify({ logger: false });
app.get('/api/v1/healthcheck', async () => ({ ok: true }));
app.get('/bare', (_request, reply) => sendBody(reply, defaultBytes));
app.get<{ Params: { bytes: string } }>('/bare/:bytes', (request, reply) => sendBody(reply, Math.min(1_000_000, Number(request.params.bytes) || 0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
