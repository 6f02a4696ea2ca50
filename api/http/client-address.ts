// The client address as people write it: an IPv4 client of a dual-stack socket is 203.0.113.5, not ::ffff:203.0.113.5,
// and this machine is 127.0.0.1 whichever family it connected with, so the audit trail and the key list agree.
import type { Request } from 'express';

const IPV6_LOOPBACK = '::1';
const IPV4_LOOPBACK = '127.0.0.1';

export function plainAddress(address: string | undefined | null): string | null {
  if (!address) return null;
  if (address === IPV6_LOOPBACK) return IPV4_LOOPBACK;
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

export function clientAddressOf(req: Request): string | null {
  return plainAddress(req.ip ?? req.socket.remoteAddress);
}
