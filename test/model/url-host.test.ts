// model/url-host.ts: an address's host as written; for a published website, the URL parser's hostname.
import { describe, expect, it } from 'vitest';
import { urlHost } from '../../model/url-host.ts';
import { normaliseMapsUrl, normaliseWebsite } from '../../pipeline/normalise/urls.ts';

describe('urlHost', () => {
  const raws = [
    'https://www.hotel.es',
    'hotel.es/rooms?lang=en#top',
    'HTTP://WWW.Hotel.ES:443/a:b',
    'http://hotel.es:443/x',
    'https://hotel.es:80?q=1',
    'https://hôtel-exemple.fr/chambres',
    'https://hotel.es.#x',
    'www.hotel.co.uk?utm_source=x&room=2',
    'https://maps.google.com/maps?q=a//b',
    'http://sub.domain.hotel.pt#/path',
  ];
  it.each(raws)('is the URL parser\'s hostname of the published "%s"', (raw) => {
    const published = normaliseWebsite(raw).value ?? normaliseMapsUrl(raw).value;
    expect(published).not.toBeNull();
    expect(urlHost(published!)).toBe(new URL(published!).hostname);
  });
  it('is null for a text without "//"', () => {
    expect(urlHost('hotel.es/rooms')).toBeNull();
  });
});
