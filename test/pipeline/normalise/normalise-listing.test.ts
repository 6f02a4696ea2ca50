// pipeline/normalise/normalise-listing.ts: its rules input → output, then the edges mutation testing found.
import { describe, expect, it } from 'vitest';
import { explainListing, normaliseListing } from '../../../pipeline/normalise/normalise-listing.ts';
import { createSuppressionMatcher, EMPTY_SUPPRESSION_LIST } from '../../../pipeline/normalise/suppression.ts';
import { PLACE_FIELDS } from '../../../model/place.ts';

const source = { file: 'x.jsonl', fileIndex: 0, line: 7 };
const es = { country: 'es' as const, matchSuppression: createSuppressionMatcher(EMPTY_SUPPRESSION_LIST) };

const madrid = {
  providerId: 'mad-1',
  name: '  Hotel  Sol ',
  address: { street: 'Gran Vía, 10', city: 'Madrid', state: 'Madrid', postalCode: '28013', countryCode: 'ES' },
  location: { lat: '40.4195785', lng: '-3.6985626' },
  phone: '(+34) 91 490 26 50',
  phones: ['612 345 678', '91 490 26 50', 'no es un teléfono'],
  email: 'Reservas@HotelSol.ES',
  website: 'www.hotelsol.es/?utm_source=x&lang=es',
  mapsUrl: 'https://www.google.com/maps?cid=123',
  categories: ['Hoteles', '4 estrellas'],
  rating: '4,5',
  reviewCount: '1.234',
  verified: 'true',
  openingHours: { lunes: '9:00–21:00', domingo: 'Cerrado' },
  businessStatus: 'OPERATIONAL',
  crawledAt: '2016-04-08',
};

describe('normaliseListing', () => {
  it('composes every rule into one published record', () => {
    const listing = normaliseListing(madrid, source, es);
    expect(listing.status).toBe('published');
    expect(listing.reasons).toEqual([]);
    expect(listing.citySlug).toBe('madrid');
    expect(listing.place).toEqual({
      id: 'es-mad-1',
      name: 'Hotel Sol',
      legalName: null,
      address: { street: 'Gran Vía, 10', city: 'Madrid', state: 'Madrid', postalCode: '28013', country: 'es' },
      location: { latitude: 40.4195785, longitude: -3.6985626 },
      phone: '+34914902650',
      phoneType: 'landline',
      additionalPhones: [{ phone: '+34612345678', phoneType: 'mobile', whatsappEligible: true }],
      email: 'Reservas@hotelsol.es',
      website: 'https://www.hotelsol.es/?lang=es',
      sourceMapsUrl: 'https://www.google.com/maps?cid=123',
      primaryType: 'Hoteles',
      lodgingTypes: ['Hoteles', '4 estrellas'],
      lodgingType: 'hotel',
      rating: 4.5,
      reviewCount: 1234,
      whatsappEligible: false,
      verified: true,
      openingHours: { lunes: [{ open: '09:00', close: '21:00' }], domingo: [] },
    });
    expect(Object.keys(listing.place).sort()).toEqual(PLACE_FIELDS.filter((f) => f !== 'profileUrl').sort());
    expect(listing.issues.map((i) => `${i.field}/${i.code}`)).toEqual(
      expect.arrayContaining(['phone/invalid-phone', 'phone/duplicate-phone', 'website/tracking-removed']),
    );
    expect(listing.crawledAt).toBe('2016-04-08T00:00:00.000Z');
  });

  it.each([
    ['no providerId', { providerId: '' }, 'rejected', 'missing-provider-id'],
    ['no name', { name: '   ' }, 'rejected', 'missing-name'],
    ['only non-lodging labels', { categories: ['Restaurante', 'Bar'] }, 'rejected', 'not-lodging'],
    ['an address in France', { address: { ...madrid.address, countryCode: 'FR' } }, 'rejected', 'foreign-address'],
    ['closed for good', { businessStatus: 'CLOSED_PERMANENTLY' }, 'closed', 'closed-permanently'],
  ])('decides the status of a listing with %s', (_name, over, status, reason) => {
    const listing = normaliseListing({ ...madrid, ...over }, source, es);
    expect(listing.status).toBe(status);
    expect(listing.reasons[0]).toBe(reason);
  });

  it('suppresses by id, phone and website domain', () => {
    const matchSuppression = createSuppressionMatcher({ ids: ['es-mad-1'], phones: ['+34612345678'], domains: ['hotelsol.es'] });
    const listing = normaliseListing(madrid, source, { country: 'es', matchSuppression });
    expect(listing.status).toBe('suppressed');
    expect(listing.reasons).toEqual(['suppressed-id', 'suppressed-phone', 'suppressed-domain']);
  });

  it('publishes a listing whose labels are all unknown as lodging and reports them', () => {
    const listing = normaliseListing({ ...madrid, categories: ['Zzz unknown kind'] }, source, es);
    expect(listing.status).toBe('published');
    expect(listing.place.lodgingType).toBe('lodging');
    expect(listing.unknownLabels).toEqual(['Zzz unknown kind']);
  });

  it('never throws on a listing of wrong types everywhere', () => {
    const junk = Object.fromEntries(Object.keys(madrid).map((k) => [k, [{ a: 1 }]]));
    const listing = normaliseListing({ ...junk, providerId: 'j', name: 'J' }, source, es);
    expect(listing.place.id).toBe('es-j');
    expect(listing.issues.length).toBeGreaterThan(5);
  });

  it('explains which label chose the lodgingType', () => {
    const { classification } = explainListing({ ...madrid, categories: ['Hotel', 'Apartahotel'] }, source, es);
    expect(classification.lodgingType).toBe('apartment');
    expect(classification.chosenBy?.label).toBe('Apartahotel');
  });
});

// normaliseListing edges the main tests leave open: no input issues by default, no id without a providerId,
// and the field each text issue names.
describe('edge cases', () => {
  const source = { file: 'x.jsonl', fileIndex: 0, line: 1 };
  const es = { country: 'es' as const, matchSuppression: createSuppressionMatcher(EMPTY_SUPPRESSION_LIST) };
  const clean = { providerId: 'p-1', name: 'Hotel Sol', categories: ['Hotel'] };

  describe('normaliseListing edge cases', () => {
    it.each([
      ['normaliseListing', () => normaliseListing(clean, source, es)],
      ['explainListing', () => explainListing(clean, source, es).listing],
    ])('%s starts from no issues when given none', (_name, run) => {
      const listing = run();
      expect(listing.issues).toEqual([]);
      expect(listing.place.id).toBe('es-p-1');
    });

    it('keeps the input issues first', () => {
      const given = [{ field: 'name' as const, code: 'too-long' as const, value: 'x', detail: 'd' }];
      expect(normaliseListing(clean, source, es, given as never).issues).toEqual(given);
    });

    it.each([
      ['absent', {}],
      ['null', { providerId: null }],
    ])('gives a listing whose providerId is %s an empty id and no suppression by id', (_name, over) => {
      const { providerId: _drop, ...rest } = clean;
      const seen: unknown[] = [];
      const matchSuppression = (keys: { id: string | null }) => {
        seen.push(keys.id);
        return [];
      };
      const listing = normaliseListing({ ...rest, ...over }, source, { country: 'es', matchSuppression } as never);
      expect(listing.providerId).toBeNull();
      expect(listing.place.id).toBe('');
      expect(seen).toEqual([null]);
      expect(listing.status).toBe('rejected');
    });

    it.each([
      ['name', { name: { a: 1 } }],
      ['legalName', { legalName: ['x'] }],
    ])('names the field %s in its wrong-type issue', (field, over) => {
      const listing = normaliseListing({ ...clean, ...over }, source, es);
      expect(listing.issues.map((i) => `${i.field}/${i.code}`)).toEqual([`${field}/wrong-type`]);
    });
  });
});
