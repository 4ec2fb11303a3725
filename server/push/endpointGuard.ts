// Which push endpoints the server will call: https only, and only hosts whose every address is a
// public unicast one, so a subscription cannot make the server request internal services. An
// address is judged by what it reaches: ipaddr.js names its range, and 'unicast' is the only one
// allowed (loopback, private, link-local, site-local, unique local, multicast, carrier-grade NAT,
// documentation, benchmarking, discard, reserved ... are all refused). An IPv6 address that
// carries an IPv4 one (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo) is judged by that IPv4
// address. Origins listed in PUSH_ALLOW_INSECURE_ORIGINS are exempt (a local push service in
// development and tests). Checked at subscribe time and again at each connection, after DNS, as
// DNS may change in between.
import { lookup as systemLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export class PushEndpointRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushEndpointRefused';
  }
}

/** Resolves a host name to all its addresses (node:dns's `lookup` with `all: true`). */
export type HostLookup = (hostname: string, options: { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const ipv4At = (bytes: number[], at: number): IPv4 => new ipaddr.IPv4(bytes.slice(at, at + 4));

/**
 * The IPv4 addresses an IPv6 address carries, which traffic to it reaches; null when the
 * address carries none. An empty list: it carries one at a place only its network knows.
 */
function carriedIPv4(address: IPv6): IPv4[] | null {
  const bytes = address.toByteArray();
  const range = address.range() as string;
  // IPv4-mapped (::ffff:a.b.c.d), SIIT (::ffff:0:a.b.c.d) and IPv4-compatible (::a.b.c.d, :: and ::1 included).
  if (range === 'ipv4Mapped' || range === 'rfc6145' || bytes.slice(0, 12).every((byte) => byte === 0)) return [ipv4At(bytes, 12)];
  // NAT64: the well-known prefix 64:ff9b::/96 carries it last; a local-use prefix (64:ff9b:1::/48) anywhere.
  if (range === 'rfc6052') return address.match(ipaddr.IPv6.parse('64:ff9b::'), 96) ? [ipv4At(bytes, 12)] : [];
  // 6to4: 2002:AABB:CCDD::/48.
  if (range === '6to4') return [ipv4At(bytes, 2)];
  // Teredo: the server's address, then the client's with every bit flipped.
  if (range === 'teredo') return [ipv4At(bytes, 4), new ipaddr.IPv4(bytes.slice(12, 16).map((byte) => byte ^ 0xff))];
  return null;
}

/** Whether the server may connect to this IP address: it reaches only public unicast addresses. */
export function isPublicAddress(text: string): boolean {
  if (!ipaddr.isValid(text)) return false;
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const carried = carriedIPv4(address as IPv6);
  if (carried) return carried.length > 0 && carried.every((ipv4) => ipv4.range() === 'unicast');
  return address.range() === 'unicast';
}

const REFUSED_ADDRESS = 'Push endpoint must be a public address: its host is loopback, private, link-local or reserved';

/** Names that are the machine itself whatever DNS says (RFC 6761): refused without a lookup. */
const LOCAL_NAME = /(^|\.)localhost\.?$/i;

export interface CheckedEndpoint {
  url: URL;
  /** Listed in PUSH_ALLOW_INSECURE_ORIGINS: any scheme and address. */
  exempt: boolean;
}

/** The form of an endpoint: a URL, https unless its origin is exempt, and no internal IP literal or local name. */
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
  if (LOCAL_NAME.test(host) || (isIP(host) && !isPublicAddress(host))) throw new PushEndpointRefused(REFUSED_ADDRESS);
  return { url, exempt: false };
}

/** The hostname without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Every address the host resolves to, refused if any is not public (or if it resolves to none). */
async function resolvePublicAddresses(host: string, lookup: HostLookup): Promise<LookupAddress[]> {
  if (LOCAL_NAME.test(host)) throw new PushEndpointRefused(REFUSED_ADDRESS);
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new PushEndpointRefused(REFUSED_ADDRESS);
    return [{ address: host, family: isIP(host) }];
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    lookup(host, { all: true }, (error, found) => (error ? reject(new PushEndpointRefused(`Push endpoint's host cannot be resolved: ${host}`)) : resolve(found))),
  );
  if (!addresses.length || addresses.some((entry) => !isPublicAddress(entry.address))) throw new PushEndpointRefused(REFUSED_ADDRESS);
  return addresses;
}

/** The whole check at subscribe time: form, then where the host resolves now. */
export async function checkEndpoint(endpoint: string, allowInsecureOrigins: readonly string[], lookup: HostLookup = systemLookup): Promise<CheckedEndpoint> {
  const checked = checkEndpointForm(endpoint, allowInsecureOrigins);
  if (!checked.exempt) await resolvePublicAddresses(hostOf(checked.url), lookup);
  return checked;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that connects only to checked public addresses: the check and the
 * connection use the same answer, so a DNS change in between cannot slip an internal address in.
 */
export function publicOnlyLookup(lookup: HostLookup = systemLookup) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolvePublicAddresses(hostname, lookup).then(
      (addresses) => (options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family)),
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
