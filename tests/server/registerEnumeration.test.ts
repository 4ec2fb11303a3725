// Registering with an email that has an account costs what a new account costs (the password is
// hashed and the images processed before the clash check), so the answer's time does not tell
// which emails are registered. The 409 keeps its message, which the register form shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, pngBytes, registerUser, startServer, type TestServer } from '../support/server.js';

const ROUNDS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe.each(databases)('register timing on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // The production cost: what is compared is the hash's share of each answer.
    server = await startServer({ dialect, env: { PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_TIME_COST: '3' } });
  });
  afterAll(() => server?.close());

  async function timedRegister(email: string, username: string): Promise<{ status: number; message: string; ms: number }> {
    const form = new FormData();
    form.set('username', username);
    form.set('email', email);
    form.set('password', 'correct horse battery');
    form.set('fullName', 'Timing Test');
    form.set('avatar', new Blob([await pngBytes()], { type: 'image/png' }), 'avatar.png');
    const started = performance.now();
    const answer = await call(server, 'POST', '/users/register', { form });
    return { status: answer.status, message: answer.body.message, ms: performance.now() - started };
  }

  it('answers a taken email (409, its message) in about the time a new account takes', async () => {
    const existing = await registerUser(server);
    const taken: number[] = [];
    const fresh: number[] = [];
    // Interleaved, so a burst of load on the machine lands on both paths alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      const clash = await timedRegister(existing.email, `clash${round}${Date.now().toString(36)}`);
      expect(clash).toMatchObject({ status: 409, message: 'Email is already registered' });
      taken.push(clash.ms);
      const suffix = `${round}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const created = await timedRegister(`fresh${suffix}@example.com`, `fresh${suffix}`);
      expect(created.status).toBe(201);
      fresh.push(created.ms);
    }
    const ratio = median(taken) / median(fresh);
    expect(ratio, `medians: taken ${median(taken).toFixed(0)} ms, new ${median(fresh).toFixed(0)} ms`).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
