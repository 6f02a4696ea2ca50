// plainAddress: one machine is written one way in the audit trail and the key list, whichever socket family it used.
import { describe, expect, it } from 'vitest';
import { plainAddress } from '../../../api/http/client-address.ts';

describe('plainAddress', () => {
  it.each([
    ['an IPv4 client of a dual-stack socket', '::ffff:203.0.113.5', '203.0.113.5'],
    ['a plain IPv4 client', '203.0.113.5', '203.0.113.5'],
    ['an IPv6 client', '2001:db8::7', '2001:db8::7'],
    ['this machine over IPv6', '::1', '127.0.0.1'],
    ['this machine over IPv4 on a dual-stack socket', '::ffff:127.0.0.1', '127.0.0.1'],
    ['this machine over IPv4', '127.0.0.1', '127.0.0.1'],
  ])('%s: %s → %s', (_what, address, written) => {
    expect(plainAddress(address)).toBe(written);
  });

  it('is null when the socket has no address', () => {
    expect(plainAddress(undefined)).toBeNull();
    expect(plainAddress('')).toBeNull();
  });
});
