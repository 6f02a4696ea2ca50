// A name the provider sent HTML-encoded is found by accented and unaccented queries once normalised and published.
import { describe, expect, it } from 'vitest';
import { normaliseListing } from '../../../pipeline/normalise/normalise-listing.ts';
import { createSuppressionMatcher, EMPTY_SUPPRESSION_LIST } from '../../../pipeline/normalise/suppression.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import { publishListings, tempDataDir } from './support/snapshot-test-kit.ts';

const context = { country: 'es' as const, matchSuppression: createSuppressionMatcher(EMPTY_SUPPRESSION_LIST) };
const source = { file: 'x.jsonl', fileIndex: 0, line: 1 };

describe('search over decoded text', () => {
  it('finds Espahotel Gran V&iacute;a by "Gran Vía", "gran via" and its city by the decoded slug', () => {
    const listing = normaliseListing(
      {
        providerId: 'gv-1',
        name: 'Espahotel Gran V&iacute;a',
        address: { street: 'Gran V&iacute;a 1', city: 'Alcal&aacute; de Henares', countryCode: 'ES' },
        categories: ['Hoteles'],
      },
      source,
      context,
    );
    expect(listing.place.name).toBe('Espahotel Gran Vía');
    expect(listing.citySlug).toBe('alcala-de-henares');
    const dataDir = tempDataDir();
    publishListings(dataDir, [listing]);
    const reader = openSnapshotReader(dataDir);
    try {
      for (const q of ['Gran Vía', 'gran via', 'GRAN VIA', 'Alcalá', 'alcala']) {
        expect(reader.search({ country: 'es', limit: 10, q }).places.map((place) => place.name), q).toEqual(['Espahotel Gran Vía']);
      }
      expect(reader.search({ country: 'es', limit: 10, q: 'iacute' }).places).toEqual([]);
      expect(reader.search({ country: 'es', limit: 10, citySlug: 'alcala-de-henares' }).places).toHaveLength(1);
    } finally {
      reader.close();
    }
  });
});
