import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { FetchError } from '../fetch/fetch-error.js';

/** Addresses a scrape must never reach unless the operator allows it: private, loopback, link-local, metadata. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Resolves the URL's host and refuses it when any address it resolves to is private. Chromium
 * resolves again when it connects; the per-request guard re-checks every request the page makes.
 */
export async function assertPublicUrl(url: string): Promise<void> {
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new FetchError('SCRAPE_SSRF_BLOCKED', `Only http and https URLs can be scraped, not ${protocol}`);
  }
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true }).then(
        (results) => results.map((result) => result.address),
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' || error.code === 'ENODATA') {
            throw new FetchError('SCRAPE_DNS_RESOLUTION_ERROR', `DNS resolution failed for ${hostname}`);
          }
          throw error;
        },
      );
  const blocked = addresses.find(isPrivateAddress);
  if (blocked) {
    throw new FetchError(
      'SCRAPE_SSRF_BLOCKED',
      `${hostname} resolves to ${blocked}, a private or reserved address that scrapes may not reach`,
    );
  }
}
