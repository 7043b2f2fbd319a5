import { AddressCategory, classifyAddress, isAllowedCategory, isMetadataHostname } from './address-policy';

describe('classifyAddress', () => {
  it.each<[string, AddressCategory]>([
    // IPv4
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['100.127.255.254', 'carrier-grade-nat'],
    ['100.128.0.1', 'public'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    // IPv6
    ['2606:4700:4700::1111', 'public'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // IPv6 forms carrying an IPv4 address
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'reserved'],
    ['64:ff9b::7f00:1', 'reserved'],
    ['2002:7f00:1::1', 'reserved'],
    // Not an address at all
    ['localhost', 'reserved'],
    ['', 'reserved'],
  ])('%s is %s', (address, category) => {
    expect(classifyAddress(address)).toBe(category);
  });
});

describe('isAllowedCategory', () => {
  it('allows only public addresses by default', () => {
    expect(isAllowedCategory('public', false)).toBe(true);
    for (const category of ['loopback', 'private', 'link-local', 'unique-local', 'metadata', 'reserved'] as const) {
      expect(isAllowedCategory(category, false)).toBe(false);
    }
  });

  it('with private addresses allowed, still never a metadata service', () => {
    expect(isAllowedCategory('loopback', true)).toBe(true);
    expect(isAllowedCategory('private', true)).toBe(true);
    expect(isAllowedCategory('metadata', true)).toBe(false);
  });
});

describe('isMetadataHostname', () => {
  it.each(['metadata.google.internal', 'METADATA.google.internal.', 'metadata', 'instance-data.ec2.internal'])(
    '%s is a metadata service',
    (hostname) => expect(isMetadataHostname(hostname)).toBe(true),
  );

  it('leaves ordinary names alone', () => {
    expect(isMetadataHostname('example.com')).toBe(false);
    expect(isMetadataHostname('metadata.example.com')).toBe(false);
  });
});
