import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Addresses a customer-supplied URL must never make the server reach: they belong to the
// server's own machine or network, not to the public web site the customer owns.
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", incl. unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, incl. cloud metadata endpoints
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 can wrap any IPv4 address, private ones included
  ['2002::', 16], // 6to4 likewise
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // BlockList also matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against the IPv4 subnets.
  return !nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type AddressCheck =
  { ok: true } | { ok: false; reason: 'blocked_address' | 'unresolvable'; detail: string };

// Every address is checked, not just the first: a host may answer with a public and a private one.
export async function checkHostIsPublic(hostname: string): Promise<AddressCheck> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host)
      ? [host]
      : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch (error) {
    return {
      ok: false,
      reason: 'unresolvable',
      detail: `cannot resolve ${host}: ${errorCode(error)}`,
    };
  }
  const blocked = addresses.find((address) => !isPublicAddress(address));
  if (blocked !== undefined) {
    return {
      ok: false,
      reason: 'blocked_address',
      detail: `${host} resolves to non-public address ${blocked}`,
    };
  }
  return { ok: true };
}

function errorCode(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) return String(error.code);
  return error instanceof Error ? error.message : String(error);
}
