import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { improveLocally } from '../../server/ai/localImprover.js';
import { call, databases, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';

describe.each(databases)('POST /ai/improve-comment on %s (local improver)', (dialect) => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startServer({ dialect });
    user = await registerUser(server);
  });
  afterAll(() => server?.close());

  it('needs a signed-in user', async () => {
    const result = await call(server, 'POST', '/ai/improve-comment', { json: { title: 't', comment: 'hello', others: '' } });
    expect(result.status).toBe(401);
    expect(result.body.success).toBe(false);
  });

  it('refuses a blank comment with the spec message', async () => {
    const result = await call(server, 'POST', '/ai/improve-comment', { token: user.token, json: { title: 't', comment: '   ', others: '' } });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ statusCode: 400, message: 'Comment is required', success: false, errors: [] });
    const missing = await call(server, 'POST', '/ai/improve-comment', { token: user.token, json: { title: 't' } });
    expect(missing.body.message).toBe('Comment is required');
  });

  it('refuses a comment over the length limit', async () => {
    const result = await call(server, 'POST', '/ai/improve-comment', { token: user.token, json: { comment: 'a '.repeat(1001) + 'b' } });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('Comment must be at most 2000 characters');
  });

  it('fixes spelling, real-word mistakes, repeats, capitals and punctuation', async () => {
    const result = await call(server, 'POST', '/ai/improve-comment', {
      token: user.token,
      json: { title: 'Editing tips', comment: 'this is a grate video i realy liked the the editing', others: ['Nice one', 'Thanks!'] },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ statusCode: 200, success: true, message: 'Comment improved successfully' });
    const text: string = result.body.data;
    expect(text).toContain('great');
    expect(text).toContain('really');
    expect(text).toMatch(/\bI\b/);
    expect(text).not.toMatch(/\bthe the\b/i);
    expect(text).toMatch(/^T/);
    expect(text).toMatch(/[.!?]$/);
  });
});

describe('local comment improver', () => {
  const cases: Array<[string, RegExp[], RegExp[]]> = [
    ["i dont know.  its a apple , and an car. Their is alot of stuff", [/^I don't know\. It's an apple, and a car\. There is a lot of stuff\.$/], []],
    ['your welcome , u should of seen the first one', [/^You're welcome, you should have seen the first one\.$/], []],
    ['wow!!! thats sooo cool i cant beleive it', [/^Wow! That's so cool I can't believe it\.$/], []],
    ['I will loose my mind if i dont finish this, its to much', [/lose my mind/, /I don't/, /it's too much\.$/], [/loose/]],
    ['definately recieve teh becuase wierd untill tommorow', [/^Definitely receive the because weird until tomorrow\.$/], []],
    ['thier vidoe was awsome, finaly a good tutoral', [/^Their video was awesome, finally a good tutorial\.$/], []],
    ['this is an useful video and a amazing one', [/a useful video and an amazing one/], []],
  ];
  it.each(cases)('improves %j', async (draft, wanted, unwanted) => {
    const improved = await improveLocally(draft);
    for (const pattern of wanted) expect(improved).toMatch(pattern);
    for (const pattern of unwanted) expect(improved).not.toMatch(pattern);
  });

  it('leaves links, handles, code words, names from the title and clean text alone', async () => {
    expect(await improveLocally('check https://youtu.be/abc?v=i_think out', 'x')).toBe('Check https://youtu.be/abc?v=i_think out.');
    expect(await improveLocally('thanks @realdev, useState and Vue.js in node_modules rock', 'x')).toBe(
      'Thanks @realdev, useState and Vue.js in node_modules rock.',
    );
    expect(await improveLocally('Zustand beats redux for me', 'Zustand vs Redux')).toBe('Zustand beats redux for me.');
    expect(await improveLocally('Great tutorial on React hooks, thanks!')).toBe('Great tutorial on React hooks, thanks!');
    expect(await improveLocally('gonna try this tomorrow :)')).toBe('Gonna try this tomorrow :)');
  });

  it('stays fast on a long hostile draft', async () => {
    await improveLocally('warm up');
    const junk = Array.from({ length: 300 }, (_, i) => ['zzyzx', 'qwekjrh', 'asdkjfhqwe', 'consectetur', 'blorf'][i % 5]).join(' ');
    const started = performance.now();
    const improved = await improveLocally(junk.slice(0, 2000));
    expect(improved.length).toBeGreaterThan(1000);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

/** A tiny OpenAI-compatible endpoint whose behaviour each test sets. */
function fakeModel() {
  const received: any[] = [];
  let respond: (req: IncomingMessage, res: ServerResponse, body: any) => void = () => undefined;
  const http: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      received.push({ url: req.url, headers: req.headers, body });
      respond(req, res, body);
    });
  });
  const answer = (content: string) => (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
  };
  return {
    http,
    received,
    answer,
    set(handler: typeof respond) {
      respond = handler;
    },
  };
}

describe('POST /ai/improve-comment with AI_BASE_URL (remote improver)', () => {
  const model = fakeModel();
  let server: TestServer;
  let user: TestUser;
  const draft = 'this is a grate video i realy liked it';
  const ask = () =>
    call(server, 'POST', '/ai/improve-comment', {
      token: user.token,
      json: { title: 'How to edit videos', comment: draft, others: ['First!', 'Loved the cuts'] },
    });

  beforeAll(async () => {
    await new Promise<void>((resolve) => model.http.listen(0, '127.0.0.1', resolve));
    const { port } = model.http.address() as AddressInfo;
    server = await startServer({
      env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1/`, AI_MODEL: 'tiny-model', AI_API_KEY: 'sk-test', AI_TIMEOUT_MS: '400' },
    });
    user = await registerUser(server);
  });
  afterAll(async () => {
    await server?.close();
    model.http.closeAllConnections();
    await new Promise((resolve) => model.http.close(resolve));
  });

  it("uses the model's answer, sent the title and recent comments as context", async () => {
    model.set(model.answer('"This is a great video; I really liked it."'));
    const result = await ask();
    expect(result.status).toBe(200);
    expect(result.body.data).toBe('This is a great video; I really liked it.');
    const request = model.received.at(-1);
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('tiny-model');
    const prompt = JSON.stringify(request.body.messages);
    expect(prompt).toContain('How to edit videos');
    expect(prompt).toContain('Loved the cuts');
    expect(prompt).toContain(draft);
  });

  it('falls back to the local improver when the endpoint fails', async () => {
    model.set((_req, res) => {
      res.writeHead(500);
      res.end('boom');
    });
    const result = await ask();
    expect(result.status).toBe(200);
    expect(result.body.data).toBe('This is a great video I really liked it.');
  });

  it('falls back when the endpoint times out, answers nothing or echoes the draft', async () => {
    model.set(() => undefined); // never answers: AI_TIMEOUT_MS is 400
    const started = Date.now();
    const slow = await ask();
    expect(slow.body.data).toBe('This is a great video I really liked it.');
    expect(Date.now() - started).toBeLessThan(3000);

    model.set(model.answer('   '));
    expect((await ask()).body.data).toBe('This is a great video I really liked it.');

    model.set(model.answer(draft));
    expect((await ask()).body.data).toBe('This is a great video I really liked it.');
  });
});
