// The host verdict cache: a host seen again is not parsed again, and the cache holds at most 50,000 hosts.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const CACHE_LIMIT = 50_000;

// Every host the public suffix list is asked about, in order.
const parsedHosts = vi.hoisted(() => [] as string[]);
vi.mock('tldts', async (importOriginal) => {
  const tldts = await importOriginal<typeof import('tldts')>();
  return {
    ...tldts,
    parse: (...args: Parameters<typeof tldts.parse>) => {
      parsedHosts.push(args[0]);
      return tldts.parse(...args);
    },
  };
});

/** The module afresh, with an empty cache. */
async function freshModule(): Promise<typeof import('../../../pipeline/normalise/public-host.ts')> {
  vi.resetModules();
  return import('../../../pipeline/normalise/public-host.ts');
}
const timesParsed = (host: string): number => parsedHosts.filter((parsed) => parsed === host).length;

describe('the host verdict cache', () => {
  beforeEach(() => {
    parsedHosts.length = 0;
  });

  it('parses a host seen again only once, after other hosts, for either question', async () => {
    const { checkPublicHost, registrableDomain } = await freshModule();
    expect(checkPublicHost('www.hotel-sol.es')).toBeNull();
    expect(registrableDomain('hostal-luna.es')).toBe('hostal-luna.es');
    expect(checkPublicHost('camping-mar.es')).toBeNull();
    expect(registrableDomain('www.hotel-sol.es')).toBe('hotel-sol.es');
    expect(checkPublicHost('www.hotel-sol.es')).toBeNull();
    expect(timesParsed('www.hotel-sol.es')).toBe(1);
  });

  it('forgets every host once it holds 50,000 and another comes, and not before', async () => {
    const { checkPublicHost, registrableDomain } = await freshModule();
    const fresh = (count: number, from: number): void => {
      for (let i = from; i < from + count; i += 1) checkPublicHost(`filler-${i}.es`);
    };
    expect(registrableDomain('www.hotel-sol.es')).toBe('hotel-sol.es');
    fresh(CACHE_LIMIT - 1, 0); // the cache is now full
    expect(registrableDomain('www.hotel-sol.es')).toBe('hotel-sol.es');
    expect(timesParsed('www.hotel-sol.es')).toBe(1);
    fresh(1, CACHE_LIMIT); // one more host empties it first
    expect(registrableDomain('www.hotel-sol.es')).toBe('hotel-sol.es');
    expect(timesParsed('www.hotel-sol.es')).toBe(2);
  });
});
