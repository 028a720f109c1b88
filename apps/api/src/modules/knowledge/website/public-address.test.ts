import { describe, expect, test } from 'vitest';
import { checkHostIsPublic, isPublicAddress } from './public-address';

describe('isPublicAddress', () => {
  test('when an address is loopback, private, link-local, CGNAT, unique-local or unspecified, then it is not public', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  test('when an address is on the public internet, then it is public', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  test('when a host name resolves to loopback, then it is blocked', async () => {
    expect(await checkHostIsPublic('localhost')).toMatchObject({
      ok: false,
      reason: 'blocked_address',
    });
    expect(await checkHostIsPublic('[::1]')).toMatchObject({
      ok: false,
      reason: 'blocked_address',
    });
  });
});
