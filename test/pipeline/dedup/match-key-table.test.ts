// MatchKeyTable: keys read back as added, and the blocks' visiting order of a map of every name and phone.
import { describe, expect, it } from 'vitest';
import { MatchKeyTable } from '../../../pipeline/dedup/match-key-table.ts';
import { findSamePlaces, forEachCandidatePair, MAX_PHONE_SHARERS } from '../../../pipeline/dedup/find-same-places.ts';
import type { PlaceMatchKey } from '../../../pipeline/dedup/place-match-key.ts';
import { matchKey } from './support/match-key.ts';
import { randomKeys } from './support/random-keys.ts';

const key = matchKey;

const keysOf = (table: MatchKeyTable) => Array.from({ length: table.length }, (_, row) => table.key(row));

/** The blocks as a map of every listing's name and phones made them: the visiting order the table's sorted blocks keep. */
function pairsByMaps(keys: readonly PlaceMatchKey[]): Array<[number, number]> {
  const table = MatchKeyTable.of(keys);
  const byName = new Map<string, number[]>();
  const byPhone = new Map<string, number[]>();
  const push = (map: Map<string, number[]>, k: string, index: number) => map.set(k, [...(map.get(k) ?? []), index]);
  keys.forEach((k, index) => {
    if (k.words.length > 0) push(byName, `${k.words.join(' ')}|${k.numbering.join(' ')}`, index);
    for (const phone of k.phones) push(byPhone, phone, index);
  });
  const pairs: Array<[number, number]> = [];
  // A name block alone goes through the table (its cells are the same code): only the blocks' order is at stake here.
  for (const members of byName.values()) {
    if (members.length < 2) continue;
    const block = members.map((index) => keys[index]!);
    forEachCandidatePair(block.map((k) => ({ ...k, phones: [] })), (i, j) => pairs.push([members[i]!, members[j]!]));
  }
  for (const members of byPhone.values()) {
    if (members.length < 2 || members.length > MAX_PHONE_SHARERS) continue;
    for (let x = 0; x < members.length; x++) for (let y = x + 1; y < members.length; y++) pairs.push([members[x]!, members[y]!]);
  }
  expect(table.length).toBe(keys.length);
  return pairs;
}

describe('MatchKeyTable', () => {
  it('reads every key back as added: no point, a latitude alone, phones not in E.164, no host or city', () => {
    const keys = [
      key('a', 'Càmping La Fageda II', { phones: ['+34972271239', '+999999999999999', '0800 123'], host: 'fageda.example' }),
      key('b', 'Hotel', { lat: null, lng: null, citySlug: null }),
      key('c', 'Sol 02', { lat: 0, lng: null, phones: ['0800 123'] }),
    ];
    expect(keysOf(MatchKeyTable.of(keys))).toEqual(keys);
  });
});

describe('the candidate pairs from the table', () => {
  it.each([1, 2, 3])('come in the order of a map of every name and phone (seed %i)', (seed) => {
    const keys = randomKeys(300, seed);
    const pairs: Array<[number, number]> = [];
    forEachCandidatePair(keys, (i, j) => pairs.push([i, j]));
    expect(pairs.length).toBeGreaterThan(100);
    expect(pairs).toEqual(pairsByMaps(keys));
  });

  it('find the same places from the table as from the keys', () => {
    const keys = randomKeys(300, 7);
    const found = findSamePlaces(keys);
    expect(found.length).toBeGreaterThan(10);
    expect(findSamePlaces(MatchKeyTable.of(keys))).toEqual(found);
  });
});
