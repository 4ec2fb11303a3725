// The rate-limit key (server/http/rateLimitStore.ts): the library's normalized address, and a key
// (not a thrown TypeError, i.e. a logged 500) for a client that hung up while an earlier hook awaited.
import { describe, expect, it } from 'vitest';
import { rateLimitKey } from '../../server/http/rateLimitStore.js';

describe('rateLimitKey', () => {
  it('keys by the normalized client address', () => {
    expect(rateLimitKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(rateLimitKey({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
    // One IPv6 /56 (the library's default subnet) shares a key.
    expect(rateLimitKey({ ip: '2001:db8:0:1::1' })).toBe(rateLimitKey({ ip: '2001:db8:0:1::ffff' }));
  });

  it('gives a disconnected client (no address left) a key instead of throwing', () => {
    expect(rateLimitKey({ ip: undefined as unknown as string })).toBe('disconnected');
  });
});
