import { dnsServers, privateAddressAllowance } from '#config';
import { type RunningDnsServer, startDnsServer } from '../../../../test/support/dns-server.js';
import {
  assertPublicUrl,
  isForbiddenAddress,
  resolveGuardNamesThrough,
  resolveHost,
} from './address-guard.js';

describe('private address allowance (ALLOW_PRIVATE_ADDRESSES)', () => {
  it('reads all, none, and ranges with optional ports', () => {
    expect(privateAddressAllowance('true')).toBe('all');
    expect(privateAddressAllowance('')).toEqual([]);
    expect(privateAddressAllowance('false')).toEqual([]);
    expect(privateAddressAllowance('10.0.0.0/8, 127.0.0.1:8080,[::1]:9000,fd00::/8')).toEqual([
      { network: '10.0.0.0', prefix: 8, family: 'ipv4', port: undefined },
      { network: '127.0.0.1', prefix: 32, family: 'ipv4', port: 8080 },
      { network: '::1', prefix: 128, family: 'ipv6', port: 9000 },
      { network: 'fd00::', prefix: 8, family: 'ipv6', port: undefined },
    ]);
  });

  it.each([
    'localhost',
    '10.0.0.0/',
    '10.0.0.0/33',
    '127.0.0.1:',
    '127.0.0.1:http',
    '127.0.0.1:70000',
    '[::1]:x',
  ])('refuses %s', (entry) => {
    expect(() => privateAddressAllowance(entry)).toThrow(/ALLOW_PRIVATE_ADDRESSES/);
  });
});

describe('isForbiddenAddress', () => {
  const onlySite = privateAddressAllowance('127.0.0.1:8080');

  it('allows exactly the allowed address and port, in every notation', () => {
    expect(isForbiddenAddress('127.0.0.1', 8080, onlySite)).toBe(false);
    expect(isForbiddenAddress('::ffff:7f00:1', 8080, onlySite)).toBe(false);
    expect(isForbiddenAddress('127.0.0.1', 8081, onlySite)).toBe(true);
    expect(isForbiddenAddress('127.0.0.2', 8080, onlySite)).toBe(true);
    expect(isForbiddenAddress('::1', 8080, onlySite)).toBe(true);
  });

  it.each([
    '::7f00:1',
    '::ffff:0:7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::',
    'fd00:ec2::254',
    'fe80::1',
    'ff02::1',
    '100.100.100.200',
    '198.51.100.7',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address, 80, [])).toBe(true);
  });

  it('lets public addresses through', () => {
    expect(isForbiddenAddress('93.184.215.14', 80, [])).toBe(false);
    expect(isForbiddenAddress('2606:2800:21f:cb07:6820:80da:af6b:8b2c', 443, [])).toBe(false);
  });
});

describe('assertPublicUrl', () => {
  it('takes localhost names for loopback without asking DNS', async () => {
    await expect(assertPublicUrl('http://api.localhost./', [])).rejects.toMatchObject({
      code: 'SCRAPE_SSRF_BLOCKED',
    });
  });
});

describe('DNS servers of the guard (DNS_SERVERS)', () => {
  let dns: RunningDnsServer;
  beforeAll(async () => {
    dns = await startDnsServer({
      'public.test': { a: ['93.184.215.14'], aaaa: ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'] },
      'v6.test': { aaaa: ['fd00::1'] },
      'mixed.test': { a: ['93.184.215.14'], aaaa: ['fd00::7'] },
      'empty.test': {},
    });
    resolveGuardNamesThrough(dnsServers(dns.address));
  });
  afterAll(async () => {
    resolveGuardNamesThrough([]);
    await dns.stop();
  });

  it('reads addresses with optional ports and refuses anything else', () => {
    expect(dnsServers('')).toEqual([]);
    expect(dnsServers('10.0.0.2, 127.0.0.1:5353,[::1]:53,fd00::53')).toEqual([
      '10.0.0.2',
      '127.0.0.1:5353',
      '[::1]:53',
      'fd00::53',
    ]);
    for (const entry of ['dns.example', '127.0.0.1:0', '127.0.0.1:dns', '[::1]:70000']) {
      expect(() => dnsServers(entry)).toThrow(/DNS_SERVERS/);
    }
  });

  it('resolves A and AAAA records through those servers', async () => {
    await expect(resolveHost('public.test')).resolves.toEqual([
      '93.184.215.14',
      '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
    ]);
    await expect(assertPublicUrl('http://public.test/', [])).resolves.toBeUndefined();
    expect(dns.questions).toContain('public.test');
  });

  it('refuses a name when either family is private', async () => {
    for (const url of ['http://v6.test/', 'http://mixed.test/']) {
      await expect(assertPublicUrl(url, [])).rejects.toMatchObject({ code: 'SCRAPE_SSRF_BLOCKED' });
    }
  });

  it('answers a DNS resolution error for names without A and AAAA records', async () => {
    for (const host of ['empty.test', 'absent.test']) {
      await expect(resolveHost(host)).rejects.toMatchObject({
        code: 'SCRAPE_DNS_RESOLUTION_ERROR',
        message: `DNS_SERVERS have no A or AAAA record for ${host}`,
      });
    }
  });
});
