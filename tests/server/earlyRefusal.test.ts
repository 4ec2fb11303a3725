// An upload refused before its body is read (no token) answers a 401 the client can read,
// and the body still on its way is discarded instead of the connection being reset under the writer.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.js';

const MB = 1024 * 1024;

/** Resolves with everything read once `done(text)` holds; rejects if the socket fails or ends first. */
function readUntil(socket: Socket, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (done(text)) {
        cleanup();
        resolve(text);
      }
    };
    const onEnd = () => {
      cleanup();
      reject(new Error(`connection ended after: ${JSON.stringify(text.slice(0, 200))}`));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onError);
    };
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('error', onError);
  });
}

/** A whole HTTP/1.1 answer with a Content-Length body. */
const wholeAnswer = (text: string) => {
  const head = text.indexOf('\r\n\r\n');
  const length = /content-length: (\d+)/i.exec(text.slice(0, head))?.[1];
  return head >= 0 && length !== undefined && text.length >= head + 4 + Number(length);
};

describe('uploads refused before their body is read', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it.each([
    ['POST', '/videos/upload-Video', 'videoFile'],
    ['POST', '/users/update-avatar', 'avatar'],
    ['POST', '/users/update-coverImage', 'coverImage'],
  ])('answers %s %s without a token with a 401 envelope through Node fetch (6 MB body)', async (method, path, field) => {
    const form = new FormData();
    form.set('title', 'No token');
    form.set(field, new Blob([new Uint8Array(6 * MB)], { type: 'video/mp4' }), 'clip.mp4');
    const response = await fetch(`${server.url}/api/v1${path}`, { method, body: form });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ statusCode: 401, message: 'Unauthorized request', success: false, errors: [] });
  });

  it('keeps reading the body after the 401 and keeps the connection for the next request', async () => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const length = 4 * MB;
    socket.write(
      `POST /api/v1/videos/upload-Video HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\n\r\n`,
    );
    // The refusal comes before a single body byte is sent...
    const refusal = await readUntil(socket, wholeAnswer);
    expect(refusal).toMatch(/^HTTP\/1\.1 401 /);
    expect(refusal.toLowerCase()).not.toContain('connection: close');
    // ...and the writer can still send its whole body without a reset...
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    for (let sent = 0; sent < length; sent += chunk.length) {
      await new Promise<void>((resolve, reject) => socket.write(chunk, (error) => (error ? reject(error) : resolve())));
    }
    // ...then use the same connection again.
    socket.write('GET /api/v1/healthcheck HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const next = await readUntil(socket, wholeAnswer);
    expect(next).toMatch(/^HTTP\/1\.1 200 /);
    socket.destroy();
  });

  it('still closes the connection on a body over every limit', async () => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const length = server.config.maxVideoBytes + server.config.maxImageBytes + 2 * MB;
    socket.write(`POST /api/v1/videos/upload-Video HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\n\r\n`);
    const refusal = await readUntil(socket, wholeAnswer);
    expect(refusal).toMatch(/^HTTP\/1\.1 401 /);
    expect(refusal.toLowerCase()).toContain('connection: close');
    socket.destroy();
  });
});
