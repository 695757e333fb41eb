import { lookup, Resolver } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { PrivateAddressAllowance } from '#config';
import { FetchError } from '../fetch/fetch-error.js';

/**
 * Addresses a fetch must never reach unless the operator allows them: this host, private networks,
 * link-local (cloud metadata), CGNAT, multicast, reserved and documentation ranges, and the IPv6
 * forms that embed an IPv4 address (mapped, translated, compatible, NAT64, 6to4), which some
 * stacks route to that IPv4 address.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}
// IPv4-mapped addresses (::ffff:0:0/96) are unmapped and checked as IPv4: BlockList would match every IPv4 address against that range.

/** The dotted IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:7f00:1` → `127.0.0.1`). */
function unmapped(address: string): string {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return address;
  const value = (Number.parseInt(hex[1] ?? '0', 16) << 16) | Number.parseInt(hex[2] ?? '0', 16);
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

export function isPrivateAddress(address: string): boolean {
  const bare = unmapped(address);
  return PRIVATE.check(bare, isIP(bare) === 6 ? 'ipv6' : 'ipv4');
}

/** Private, and not in a range (and port) the operator allowed. */
export function isForbiddenAddress(
  address: string,
  port: number,
  allowance: PrivateAddressAllowance,
): boolean {
  if (allowance === 'all' || !isPrivateAddress(address)) return false;
  const bare = unmapped(address);
  const family = isIP(bare) === 6 ? 'ipv6' : 'ipv4';
  return !allowance.some((range) => {
    if (range.family !== family || (range.port !== undefined && range.port !== port)) return false;
    const list = new BlockList();
    list.addSubnet(range.network, range.prefix, range.family);
    return list.check(bare, family);
  });
}

/** `localhost` and its subdomains are loopback by definition (RFC 6761), as Chromium resolves them itself. */
const LOOPBACK_NAME = /(^|\.)localhost\.?$/i;

/** Set from `DNS_SERVERS`: names are then resolved through these servers instead of the system resolver. */
let operatorResolver: Resolver | undefined;

/** Resolves every later guard check's names through these servers (none: the system resolver). Once per process, at start. */
export function resolveGuardNamesThrough(servers: readonly string[]): void {
  operatorResolver = undefined;
  if (servers.length === 0) return;
  const resolver = new Resolver();
  resolver.setServers([...servers]);
  operatorResolver = resolver;
}

/** The addresses a host name stands for, as the connection will see them. */
export async function resolveHost(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  if (LOOPBACK_NAME.test(host)) return ['127.0.0.1', '::1'];
  if (operatorResolver) return resolveThrough(operatorResolver, host);
  return lookup(host, { all: true, verbatim: true }).then(
    (results) => results.map((result) => result.address),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' || error.code === 'ENODATA') {
        throw new FetchError('SCRAPE_DNS_RESOLUTION_ERROR', `DNS resolution failed for ${host}`);
      }
      throw error;
    },
  );
}

/**
 * A and AAAA records both, so a name with one public and one private family is refused. A server
 * that fails to answer either question fails the check: an unanswered family could be private.
 */
async function resolveThrough(resolver: Resolver, host: string): Promise<string[]> {
  const answers = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
  const addresses: string[] = [];
  for (const answer of answers) {
    if (answer.status === 'fulfilled') {
      addresses.push(...answer.value);
      continue;
    }
    const { code } = answer.reason as NodeJS.ErrnoException;
    // No record of this family, or no such name: only an empty answer overall fails the check.
    if (code !== 'ENODATA' && code !== 'ENOTFOUND') {
      throw new FetchError(
        'SCRAPE_DNS_RESOLUTION_ERROR',
        `DNS resolution failed for ${host} (DNS_SERVERS: ${code})`,
      );
    }
  }
  if (addresses.length === 0) {
    throw new FetchError('SCRAPE_DNS_RESOLUTION_ERROR', `DNS_SERVERS have no A or AAAA record for ${host}`);
  }
  return addresses;
}

/**
 * Resolves the URL's host and refuses it when any address it resolves to is private and not
 * allowed. Chromium resolves again when it connects; the per-request guard re-checks every
 * request the page makes.
 */
export async function assertPublicUrl(url: string, allowance: PrivateAddressAllowance): Promise<void> {
  if (allowance === 'all') return;
  const { protocol, hostname, port } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new FetchError('SCRAPE_SSRF_BLOCKED', `Only http and https URLs can be fetched, not ${protocol}`);
  }
  const portNumber = Number(port || (protocol === 'https:' ? 443 : 80));
  const addresses = await resolveHost(hostname.replace(/^\[|\]$/g, ''));
  const blocked = addresses.find((address) => isForbiddenAddress(address, portNumber, allowance));
  if (blocked) {
    throw new FetchError(
      'SCRAPE_SSRF_BLOCKED',
      `${hostname} resolves to ${blocked}, a private or reserved address that Trawl may not reach`,
    );
  }
}
