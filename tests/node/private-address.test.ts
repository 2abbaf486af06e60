import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../server/node/net/private-address';

describe('isPrivateAddress', () => {
  it('refuses loopback, LAN, link-local and unspecified addresses in both families', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it('lets public addresses through', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});
