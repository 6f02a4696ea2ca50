// normaliseListing edges the main tests leave open: no input issues by default, no id without a providerId,
// and the field each text issue names.
import { describe, expect, it } from 'vitest';
import { explainListing, normaliseListing } from '../../pipeline/normalise/normalise-listing.ts';
import { createSuppressionMatcher, EMPTY_SUPPRESSION_LIST } from '../../pipeline/normalise/suppression.ts';

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
