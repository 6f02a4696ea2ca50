// One typed word's best places read from the heads of the lists: the same places, scores and rarity as scoring all.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../../pipeline/generate/prng.ts';
import { readPointer } from '../../../pipeline/snapshot/snapshot-pointer.ts';
import { snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { WordIndex } from '../../../pipeline/snapshot/word-index.ts';
import { bestHoldersOfOneWord, placesWithEveryWord } from '../../../pipeline/snapshot/word-scores.ts';
import type { WordKind } from '../../../pipeline/snapshot/word-postings.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings } from './support/snapshot-test-kit.ts';

const WORDS = ['marina', 'marinas', 'mariner', 'maria', 'mar', 'casa', 'casas', 'cases', 'sol', 'solar', 'hotel', 'hostel', 'hotelito'];
const CITIES = ['Marina de Cudeyo', 'Casas del Sol', 'Madrid', 'Mar Menor'];
const KINDS: readonly WordKind[] = ['name', 'city'];

/** The suggestion order over every holder: level, then rarer words, then rowid. */
function bruteForce(index: WordIndex, typed: string, prefix: boolean, size: number, limit: number) {
  const expansions = index.expand(typed, { prefix, typo: true });
  const { rowids, scores, holders } = placesWithEveryWord(index, [expansions], KINDS, size, true);
  const order = Array.from(rowids.keys()).sort((a, b) => scores[b]! - scores[a]! || holders![a]! - holders![b]! || rowids[a]! - rowids[b]!);
  const top = order.slice(0, limit);
  return { rowids: top.map((i) => rowids[i]!), scores: top.map((i) => scores[i]!), holders: top.map((i) => holders![i]!) };
}

describe('the best places of one typed word', () => {
  let db: Database.Database;
  let index: WordIndex;
  let size = 0;
  let dataDir = '';
  beforeAll(() => {
    const random = createRandom(5);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random.next() * items.length)]!;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lodging-one-word-'));
    const listings = Array.from({ length: 250 }, (_, i) =>
      makeListing({
        providerId: `w${String((i * 7919) % 10_007).padStart(5, '0')}`,
        place: {
          name: `${pick(WORDS)} ${i % 3 === 0 ? pick(WORDS) : ''}`.trim(),
          address: { street: null, city: pick(CITIES), state: null, postalCode: null, country: 'es' },
        },
        source: { line: i + 1 },
      }),
    );
    publishListings(dataDir, listings);
    db = new Database(snapshotPath(dataDir, 'es', readPointer(dataDir, 'es')!.version), { readonly: true });
    index = new WordIndex(db);
    size = (db.prepare('SELECT max(rowid) FROM places').pluck().get() as number) + 1;
  });
  afterAll(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const typed = ['mar', 'mari', 'marin', 'marina', 'mraina', 'marinas', 'cas', 'casa', 'csa', 'caes', 'sol', 'hotel', 'hotle', 'hostle', 'menor', 'de', 'xyz', 'madrid'];
  it.each(typed)('%s, whole and as a beginning, for every limit', (word) => {
    for (const prefix of [false, true]) {
      for (const limit of [1, 3, 5, 10, 400]) {
        const expansions = index.expand(word, { prefix, typo: true });
        const best = bestHoldersOfOneWord(index, expansions, KINDS, size, limit);
        const expected = bruteForce(index, word, prefix, size, limit);
        expect({ rowids: Array.from(best.rowids), scores: Array.from(best.scores), holders: Array.from(best.holders!) }, `${word} ${prefix} ${limit}`).toEqual(expected);
      }
    }
  });
});
