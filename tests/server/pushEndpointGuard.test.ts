// The push SSRF guard: an endpoint's host must reach only public unicast addresses, judged by
// ipaddr.js's ranges and by the IPv4 address an IPv6 one carries (mapped, compatible, NAT64,
// 6to4, Teredo), at subscribe time and again when connecting. Names resolve through an injected
// lookup: nothing here asks the system's resolver.
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { checkEndpoint, type HostLookup, isPublicAddress, publicOnlyLookup } from '../../server/push/endpointGuard.js';

/** A resolver that knows only these names. */
function lookupOf(table: Record<string, string[]>): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup = (hostname: string, _options: { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => {
    asked.push(hostname);
    const found = table[hostname];
    if (!found) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return Object.assign(lookup, { asked });
}

const noNames = lookupOf({});

const NOT_PUBLIC = [
  // what the attacker test found accepted
  '::127.0.0.1', '::7f00:1', '64:ff9b::7f00:1', '64:ff9b::a00:1', '2002:7f00:1::', '2002:a00:1::1', 'fec0::1',
  '192.0.2.1', '198.51.100.7', '203.0.113.9', '2001:db8::1', '100::1',
  // and the usual ones
  '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1', '198.18.0.1', '240.0.0.1',
  '::', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:0:7f00:1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1',
  // Teredo whose server or (flipped) client address is internal; a local-use NAT64 prefix
  '2001:0:7f00:1::808:808', '2001:0:808:808::80ff:fffe', '64:ff9b:1::a00:1',
];
const PUBLIC = ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200a', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2001:0:808:808::f7f7:f7f7'];

describe('push endpoint guard', () => {
  it("names every address's range with ipaddr.js: only public unicast passes, IPv6 judged by the IPv4 it carries", () => {
    for (const address of NOT_PUBLIC) expect(isPublicAddress(address), address).toBe(false);
    for (const address of PUBLIC) expect(isPublicAddress(address), address).toBe(true);
    expect(isPublicAddress('not an address')).toBe(false);
  });

  it('refuses IP literal endpoints that are not public, and takes public ones, at subscribe time', async () => {
    for (const address of NOT_PUBLIC) {
      const host = address.includes(':') ? `[${address}]` : address;
      await expect(checkEndpoint(`https://${host}/push/x`, [], noNames), address).rejects.toThrow(/must be a public address/);
    }
    for (const address of PUBLIC) {
      const host = address.includes(':') ? `[${address}]` : address;
      await expect(checkEndpoint(`https://${host}/push/x`, [], noNames), address).resolves.toMatchObject({ exempt: false });
    }
    expect(noNames.asked).toEqual([]);
  });

  it('resolves names and refuses a host when any of its addresses is not public', async () => {
    const lookup = lookupOf({
      'push.example': ['8.8.4.4', '2606:4700::6810:84e5'],
      'mixed.example': ['8.8.4.4', '10.0.0.7'],
      'mapped.example': ['::ffff:127.0.0.1'],
      'nat64.example': ['64:ff9b::a9fe:a9fe'],
      'docs.example': ['203.0.113.5'],
      'empty.example': [],
    });
    await expect(checkEndpoint('https://push.example/x', [], lookup)).resolves.toMatchObject({ exempt: false });
    for (const name of ['mixed.example', 'mapped.example', 'nat64.example', 'docs.example', 'empty.example']) {
      await expect(checkEndpoint(`https://${name}/x`, [], lookup), name).rejects.toThrow(/must be a public address/);
    }
    await expect(checkEndpoint('https://unknown.example/x', [], lookup)).rejects.toThrow(/cannot be resolved/);
    // localhost is the machine itself whatever a resolver says: refused without asking.
    await expect(checkEndpoint('https://localhost/x', [], lookup)).rejects.toThrow(/must be a public address/);
    await expect(checkEndpoint('https://push.localhost/x', [], lookup)).rejects.toThrow(/must be a public address/);
    expect(lookup.asked).not.toContain('localhost');
  });

  it('checks again when connecting: the lookup handed to http.request answers only public addresses', async () => {
    const lookup = lookupOf({ 'push.example': ['8.8.4.4'], 'moved.example': ['64:ff9b::7f00:1'], 'sixtofour.example': ['2002:c0a8:101::1'] });
    const connect = publicOnlyLookup(lookup);
    const resolve = (host: string, all: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((done) => connect(host, { all }, (error, address) => done({ error, address })));
    expect(await resolve('push.example', false)).toEqual({ error: null, address: '8.8.4.4' });
    expect(await resolve('push.example', true)).toEqual({ error: null, address: [{ address: '8.8.4.4', family: 4 }] });
    for (const host of ['moved.example', 'sixtofour.example', 'localhost']) {
      expect((await resolve(host, false)).error?.message, host).toMatch(/must be a public address/);
    }
  });
});
