import { BlockList, isIP } from 'node:net';

// The addresses a request to an address a person gave may never reach (docs/decisions/053):
// IANA's special-purpose registries (RFC 6890) less what is globally reachable, plus the cloud
// metadata services that sit inside them. The first range that holds an address names it.

type Range = { base: string; bits: number; what: string };

const METADATA = 'a cloud metadata service';

const IPV4: readonly Range[] = [
  // AWS, GCP, Azure, Oracle and others; AWS ECS's task endpoint; Alibaba Cloud's.
  { base: '169.254.169.254', bits: 32, what: METADATA },
  { base: '169.254.170.2', bits: 32, what: METADATA },
  { base: '100.100.100.200', bits: 32, what: METADATA },
  { base: '0.0.0.0', bits: 8, what: 'an unspecified address, "this network" (RFC 1122)' },
  { base: '10.0.0.0', bits: 8, what: 'a private address (RFC 1918)' },
  { base: '100.64.0.0', bits: 10, what: 'a shared, carrier-grade NAT address (RFC 6598)' },
  { base: '127.0.0.0', bits: 8, what: 'a loopback address (RFC 1122)' },
  { base: '169.254.0.0', bits: 16, what: 'a link-local address (RFC 3927)' },
  { base: '172.16.0.0', bits: 12, what: 'a private address (RFC 1918)' },
  { base: '192.0.0.0', bits: 24, what: 'an IETF protocol assignment (RFC 6890)' },
  { base: '192.0.2.0', bits: 24, what: 'a documentation address (RFC 5737)' },
  { base: '192.88.99.0', bits: 24, what: 'a 6to4 relay address (RFC 7526)' },
  { base: '192.168.0.0', bits: 16, what: 'a private address (RFC 1918)' },
  { base: '198.18.0.0', bits: 15, what: 'a benchmarking address (RFC 2544)' },
  { base: '198.51.100.0', bits: 24, what: 'a documentation address (RFC 5737)' },
  { base: '203.0.113.0', bits: 24, what: 'a documentation address (RFC 5737)' },
  { base: '224.0.0.0', bits: 4, what: 'a multicast address (RFC 5771)' },
  { base: '240.0.0.0', bits: 4, what: 'a reserved or broadcast address (RFC 1112, RFC 919)' },
];

const IPV6: readonly Range[] = [
  // AWS's instance metadata over IPv6.
  { base: 'fd00:ec2::254', bits: 128, what: METADATA },
  { base: '::', bits: 128, what: 'an unspecified address (RFC 4291)' },
  { base: '::1', bits: 128, what: 'a loopback address (RFC 4291)' },
  { base: '::', bits: 96, what: 'an IPv4-compatible address (deprecated, RFC 4291)' },
  { base: '64:ff9b:1::', bits: 48, what: 'a local-use NAT64 address (RFC 8215)' },
  { base: '100::', bits: 64, what: 'a discard-only address (RFC 6666)' },
  { base: '2001::', bits: 23, what: 'an IETF protocol assignment (RFC 2928)' },
  { base: '2001:db8::', bits: 32, what: 'a documentation address (RFC 3849)' },
  { base: '2002::', bits: 16, what: 'a 6to4 address (RFC 3056)' },
  { base: '3fff::', bits: 20, what: 'a documentation address (RFC 9637)' },
  { base: 'fc00::', bits: 7, what: 'a unique-local address (RFC 4193)' },
  { base: 'fe80::', bits: 10, what: 'a link-local address (RFC 4291)' },
  { base: 'fec0::', bits: 10, what: 'a site-local address (deprecated, RFC 3879)' },
  { base: 'ff00::', bits: 8, what: 'a multicast address (RFC 4291)' },
];

type Checked = { list: BlockList; what: string };

const checkedOf = (ranges: readonly Range[], family: 'ipv4' | 'ipv6'): Checked[] =>
  ranges.map(({ base, bits, what }) => {
    const list = new BlockList();
    list.addSubnet(base, bits, family);
    return { list, what };
  });

const V4 = checkedOf(IPV4, 'ipv4');
const V6 = checkedOf(IPV6, 'ipv6');
// Everything outside global unicast (RFC 4291 §2.4) is some special use.
const GLOBAL_UNICAST = checkedOf([{ base: '2000::', bits: 3, what: '' }], 'ipv6')[0];

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (no dotted quad). */
function groupsOf(ipv6: string): number[] {
  const [head = '', tail] = ipv6.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':').map((g) => parseInt(g, 16)));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The IPv4 address an IPv6 one carries for IPv4's sake: IPv4-mapped (`::ffff:0:0/96`, RFC 4291)
 * and NAT64's well-known prefix (`64:ff9b::/96`, RFC 6052); judged as that IPv4 address.
 */
function embeddedIpv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const mapped = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff;
  const nat64 = g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if (!mapped && !nat64) return null;
  return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
}

/**
 * What kind of address this is when a request to an address a person gave may not reach it
 * ('a loopback address (RFC 1122)'), or null when it is a public one.
 */
export function forbiddenRangeOf(address: string): string | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const version = isIP(bare);
  if (version === 4) return V4.find(({ list }) => list.check(bare, 'ipv4'))?.what ?? null;
  if (version !== 6) return 'not an IP address';
  // The URL parser writes every spelling of an address one way (`::ffff:127.0.0.1` included).
  const canonical = new URL(`http://[${bare}]`).hostname.slice(1, -1);
  const embedded = embeddedIpv4(groupsOf(canonical));
  if (embedded !== null) return forbiddenRangeOf(embedded);
  const named = V6.find(({ list }) => list.check(canonical, 'ipv6'));
  if (named) return named.what;
  return GLOBAL_UNICAST?.list.check(canonical, 'ipv6')
    ? null
    : 'a reserved address outside global unicast (RFC 4291)';
}
