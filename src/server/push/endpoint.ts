/**
 * A push endpoint is where the server will send requests: only a public https address is taken,
 * so a user cannot make the server call into its own network (loopback, private, link-local and
 * other special ranges, also when a name resolves to them). PUSH_ALLOW_PRIVATE_ENDPOINTS lifts the
 * address rule for tests that run their own push service on 127.0.0.1; https stays required.
 */
import dns from 'node:dns/promises';
import net from 'node:net';
import { fieldError } from '../http/errors';

const MAX_ENDPOINT_LENGTH = 2048;

const special = new net.BlockList();
for (const [address, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  special.addSubnet(address, bits, 'ipv4');
// IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are checked against the IPv4 ranges by BlockList.
for (const [address, bits] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  special.addSubnet(address, bits, 'ipv6');

const isSpecial = (address: string) =>
  special.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');

const refused = () =>
  fieldError(['endpoint'], 'The endpoint must be an https address of a public push service');

/** Throws a 400 unless `endpoint` is an https URL whose host is (and resolves to) public addresses. */
export async function assertPushEndpoint(endpoint: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refused();
  }
  if (
    url.protocol !== 'https:' ||
    endpoint.length > MAX_ENDPOINT_LENGTH ||
    url.username ||
    url.password
  )
    throw refused();
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [host]
    : await dns.lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((entry) => entry.address),
        () => [],
      );
  if (addresses.length === 0 || addresses.some(isSpecial)) throw refused();
  return url;
}
