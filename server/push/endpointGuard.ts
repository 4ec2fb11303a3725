// Which push endpoints the server will call: https only, and never an address inside the server's
// own network (loopback, private, link-local, ...), so a subscription cannot make the server
// request internal services. Origins listed in PUSH_ALLOW_INSECURE_ORIGINS are exempt (a local
// push service in development and tests). Checked at subscribe time and again at each connection,
// as DNS may change in between.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

export class PushEndpointRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushEndpointRefused';
  }
}

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether an IP address is one the server must not call (IPv4-mapped IPv6 included). */
function isInternalAddress(address: string): boolean {
  const mapped = MAPPED_V4.exec(address);
  if (mapped) return internal.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return internal.check(address, 'ipv4');
  if (family === 6) return internal.check(address, 'ipv6');
  return true;
}

const REFUSED_ADDRESS = 'Push endpoint must be a public address: its host is loopback, private or link-local';

export interface CheckedEndpoint {
  url: URL;
  /** Listed in PUSH_ALLOW_INSECURE_ORIGINS: any scheme and address. */
  exempt: boolean;
}

/** The form of an endpoint: a URL, https unless its origin is exempt, and no internal IP literal. */
export function checkEndpointForm(endpoint: string, allowInsecureOrigins: readonly string[]): CheckedEndpoint {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new PushEndpointRefused('Push endpoint must be an absolute https URL');
  }
  if (allowInsecureOrigins.includes(url.origin)) return { url, exempt: true };
  if (url.protocol !== 'https:') throw new PushEndpointRefused('Push endpoint must use https');
  if (url.username || url.password) throw new PushEndpointRefused('Push endpoint must not carry credentials');
  const host = hostOf(url);
  if (isIP(host) && isInternalAddress(host)) throw new PushEndpointRefused(REFUSED_ADDRESS);
  return { url, exempt: false };
}

/** The hostname without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Every address the host resolves to, refused if any is internal (or if it resolves to none). */
async function resolvePublicAddresses(host: string): Promise<LookupAddress[]> {
  if (isIP(host)) {
    if (isInternalAddress(host)) throw new PushEndpointRefused(REFUSED_ADDRESS);
    return [{ address: host, family: isIP(host) }];
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, found) => (error ? reject(new PushEndpointRefused(`Push endpoint's host cannot be resolved: ${host}`)) : resolve(found))),
  );
  if (!addresses.length || addresses.some((entry) => isInternalAddress(entry.address))) throw new PushEndpointRefused(REFUSED_ADDRESS);
  return addresses;
}

/** The whole check at subscribe time: form, then where the host resolves now. */
export async function checkEndpoint(endpoint: string, allowInsecureOrigins: readonly string[]): Promise<CheckedEndpoint> {
  const checked = checkEndpointForm(endpoint, allowInsecureOrigins);
  if (!checked.exempt) await resolvePublicAddresses(hostOf(checked.url));
  return checked;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that connects only to checked public addresses: the check and the
 * connection use the same answer, so a DNS change in between cannot slip an internal address in.
 */
export function publicOnlyLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  resolvePublicAddresses(hostname).then(
    (addresses) => (options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family)),
    (error: NodeJS.ErrnoException) => callback(error, ''),
  );
}
