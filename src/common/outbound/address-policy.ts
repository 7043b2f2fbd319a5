import ipaddr from 'ipaddr.js';

/** What an IP address is, as far as deciding whether idflow may call it. */
export type AddressCategory =
  | 'public'
  | 'loopback'
  | 'private'
  | 'carrier-grade-nat'
  | 'link-local'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'metadata'
  | 'reserved';

/** Cloud instance-metadata services: AWS, GCP, Azure and others (IPv4 and AWS's IPv6), ECS tasks, Alibaba. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200']);

/** Names that resolve to a metadata service inside a cloud network, refused before any DNS query. */
const METADATA_HOSTNAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

const IPV4_RANGES: Record<string, AddressCategory> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'carrier-grade-nat',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

const IPV6_RANGES: Record<string, AddressCategory> = {
  unicast: 'public',
  loopback: 'loopback',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
};

// IPv4-compatible addresses (::a.b.c.d, deprecated) that ipaddr.js counts as unicast; `::` and `::1` are named above.
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Classifies an IP address. Anything ipaddr.js does not call plain unicast is refused as `reserved` (documentation,
 * benchmarking and 240/4 ranges, and IPv6 forms that embed an IPv4 address such as NAT64, 6to4 and Teredo), so an
 * address is only `public` when nothing marks it otherwise. IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the
 * IPv4 address it carries; a text that is not an IP address is `reserved`.
 */
export function classifyAddress(address: string): AddressCategory {
  const text = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!ipaddr.isValid(text)) return 'reserved';
  const parsed = ipaddr.process(text);
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString())) {
    return 'metadata';
  }
  if (parsed.kind() === 'ipv4') return IPV4_RANGES[parsed.range()] ?? 'reserved';
  const ipv6 = parsed as ipaddr.IPv6;
  const category = IPV6_RANGES[ipv6.range()] ?? 'reserved';
  return category === 'public' && ipv6.match(IPV4_COMPATIBLE) ? 'reserved' : category;
}

/** True for the well-known names of cloud metadata services (case and a trailing dot ignored). */
export function isMetadataHostname(hostname: string): boolean {
  return METADATA_HOSTNAMES.has(hostname.toLowerCase().replace(/\.$/, ''));
}

/**
 * The categories a request may reach. Public addresses always; with `allowPrivateAddresses` (local development and
 * tests) everything except the metadata services, which no webhook or document ever legitimately lives on.
 */
export function isAllowedCategory(category: AddressCategory, allowPrivateAddresses: boolean): boolean {
  if (category === 'public') return true;
  return allowPrivateAddresses && category !== 'metadata';
}

const CATEGORY_NAMES: Record<AddressCategory, string> = {
  public: 'a public address',
  loopback: 'a loopback address',
  private: 'a private (RFC 1918) address',
  'carrier-grade-nat': 'a carrier-grade NAT address',
  'link-local': 'a link-local address',
  'unique-local': 'a unique-local address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  metadata: 'a cloud metadata address',
  reserved: 'a reserved or non-routable address',
};

export function describeCategory(category: AddressCategory): string {
  return CATEGORY_NAMES[category];
}
