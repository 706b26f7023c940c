import { describe, expect, it } from 'vitest';
import { forbiddenRangeOf } from './outgoing-address-ranges';

describe('forbiddenRangeOf', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.255.255.255', 'unspecified'],
    ['10.0.0.0', 'private'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.0', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['100.100.100.200', 'metadata'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['172.16.0.0', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'IETF'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', '6to4'],
    ['192.168.0.0', 'private'],
    ['192.168.1.1', 'private'],
    ['192.168.255.255', 'private'],
    ['198.18.0.0', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.255', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('should refuse %s as %s', (address, kind) => {
    expect(forbiddenRangeOf(address)).toContain(kind);
  });

  it.each([
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '8.8.8.8',
    '151.101.1.69',
  ])('should let the public address %s through', (address) => {
    expect(forbiddenRangeOf(address)).toBeNull();
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::7f00:1', 'IPv4-compatible'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['fc00::1', 'unique-local'],
    ['fd00::1', 'unique-local'],
    ['fdff:ffff::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['100::1', 'discard-only'],
    ['2001::1', 'IETF'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', '6to4'],
    ['3fff::1', 'documentation'],
    ['64:ff9b:1::1', 'NAT64'],
    ['4000::1', 'outside global unicast'],
    ['1fff:ffff::1', 'outside global unicast'],
    ['fbff:ffff::1', 'outside global unicast'],
    ['fe7f::1', 'outside global unicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:192.168.1.1', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::127.0.0.1', 'loopback'],
  ])('should refuse the IPv6 address %s as %s', (address, kind) => {
    expect(forbiddenRangeOf(address)).toContain(kind);
  });

  it.each([
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200a',
    '2001:200::1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2001:ffff::1',
    '3fff:1000::1',
    '2000::1',
  ])('should let the public IPv6 address %s through', (address) => {
    expect(forbiddenRangeOf(address)).toBeNull();
  });

  it('should refuse what is no IP address', () => {
    expect(forbiddenRangeOf('localhost')).toBe('not an IP address');
  });
});
