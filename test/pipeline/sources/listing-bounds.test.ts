// boundListing: a listing within every bound comes back as it is; one over a bound is refused or has the value dropped, as the bounds say.
import { describe, expect, it } from 'vitest';
import { boundListing } from '../../../pipeline/sources/listing-bounds.ts';

describe('boundListing', () => {
  it('returns a listing within every bound as the same object, with no issues', () => {
    const listing = { providerId: 'a', name: 'Hotel', address: { city: 'Madrid' }, phones: ['910000000'], openingHours: { monday: '9-17' } };
    const bounded = boundListing(listing);
    expect(bounded).toEqual({ ok: true, listing, issues: [] });
    if (bounded.ok) expect(bounded.listing).toBe(listing);
  });

  it('refuses a listing with an over-long member of its address', () => {
    expect(boundListing({ providerId: 'a', address: { city: 'x'.repeat(201) } })).toMatchObject({ ok: false, reason: 'field-too-long: address.city' });
  });

  it('refuses a listing with too many opening-hours entries', () => {
    const openingHours = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`d${i}`, '9-17']));
    expect(boundListing({ providerId: 'a', openingHours })).toMatchObject({ ok: false, reason: 'field-too-long: openingHours' });
  });

  it('drops an over-long phones item and reports it, keeping the others', () => {
    const long = '9'.repeat(101);
    const listing = { providerId: 'a', phones: ['910000000', long] };
    const bounded = boundListing(listing);
    expect(bounded.ok).toBe(true);
    if (!bounded.ok) return;
    expect(bounded.listing.phones).toEqual(['910000000']);
    expect(listing.phones).toHaveLength(2); // the parsed listing itself is left alone
    expect(bounded.issues.map((found) => `${found.field}/${found.code}`)).toEqual(['phone/too-long']);
  });

  it('reports the first bound in the bounds order, not in the listing key order', () => {
    // name comes before address.* in the bounds: its refusal is the one given.
    expect(boundListing({ address: { city: 'x'.repeat(201) }, name: 'n'.repeat(201) })).toMatchObject({ ok: false, reason: 'field-too-long: name' });
  });

  it('reads an inherited value as the full walk does', () => {
    const listing = Object.create({ name: 'n'.repeat(201) }) as Record<string, unknown>;
    listing.providerId = 'a';
    expect(boundListing(listing)).toMatchObject({ ok: false, reason: 'field-too-long: name' });
  });
});
