// The client address as people write it: an IPv4 client of a dual-stack socket is 203.0.113.5, not ::ffff:203.0.113.5.
import type { Request } from 'express';

export function plainAddress(address: string | undefined | null): string | null {
  if (!address) return null;
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

export function clientAddressOf(req: Request): string | null {
  return plainAddress(req.ip ?? req.socket.remoteAddress);
}
