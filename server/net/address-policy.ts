import { BlockList, isIP } from 'node:net';
import { isPrivateAddress } from '../node/net/private-address';

// The test rig's exception: only the loopback ranges, never the LAN, link-local or metadata.
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

function isLoopback(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  const v4 = mapped?.[1] ?? bare;
  if (isIP(v4) === 4) return loopback.check(v4, 'ipv4');
  return isIP(bare) === 6 && loopback.check(bare, 'ipv6');
}

/**
 * FETCH_ALLOW_PRIVATE=1 lets a test rig reach its own loopback fixtures (feed servers, a fake
 * station). It is for tests only: private, link-local and metadata ranges stay refused.
 */
export const loopbackAllowedByEnv = (): boolean => process.env.FETCH_ALLOW_PRIVATE === '1';

/** True when the server must not connect to this address. */
export function isRefusedAddress(address: string, allowLoopback: boolean): boolean {
  if (!isPrivateAddress(address)) return false;
  return !(allowLoopback && isLoopback(address));
}
