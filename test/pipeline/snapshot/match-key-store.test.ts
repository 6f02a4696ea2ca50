// MatchKeyStore: the same places and portal hosts from the build's temporary tables as from the keys in memory, keys set again or deleted as a Map's are, and the tables gone at the end.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MatchKeyStore } from '../../../pipeline/snapshot/match-key-store.ts';
import { findSamePlaces, MAX_PHONE_SHARERS } from '../../../pipeline/dedup/find-same-places.ts';
import { findPortalHosts, findPortalHostsInGroups } from '../../../pipeline/dedup/portal-hosts.ts';
import { parseDistinctPlaces, formatDistinctPair } from '../../../pipeline/dedup/distinct-places.ts';
import { matchKeyColumns, type PlaceMatchKey } from '../../../pipeline/dedup/place-match-key.ts';
import { matchKey as key } from '../dedup/support/match-key.ts';
import { randomKeys } from '../dedup/support/random-keys.ts';

let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
});
afterEach(() => db.close());

function storeOf(keys: readonly PlaceMatchKey[]): MatchKeyStore {
  const store = new MatchKeyStore(db);
  for (const k of keys) store.add(k.id, matchKeyColumns(k));
  return store;
}

describe('MatchKeyStore', () => {
  it.each([1, 2, 3, 7])('finds the same places as the keys in memory, in the same order (seed %i)', (seed) => {
    const keys = randomKeys(400, seed);
    const found = findSamePlaces(keys);
    expect(found.length).toBeGreaterThan(10);
    expect(findSamePlaces(storeOf(keys))).toEqual(found);
  });

  it('keeps an operator’s distinct pairs and the served ids as the keys in memory do', () => {
    const keys = randomKeys(400, 11);
    const found = findSamePlaces(keys);
    const distinct = parseDistinctPlaces(found.slice(0, 5).map((d) => formatDistinctPair(d.id, d.matchedId, '')).join('\n')).pairs;
    const served = new Set(keys.filter((_, at) => at % 3 === 0).map((k) => k.id));
    const options = { distinct, isServed: (id: string) => served.has(id) };
    const expected = findSamePlaces(keys, options);
    expect(expected).not.toEqual(found);
    expect(findSamePlaces(storeOf(keys), options)).toEqual(expected);
  });

  it('finds the same portal hosts, the duplicates left out', () => {
    const keys = randomKeys(400, 5);
    const store = storeOf(keys);
    const duplicates = new Set(findSamePlaces(store).map((d) => d.id));
    const expected = findPortalHosts(keys, duplicates);
    expect(expected.dropped.length).toBeGreaterThan(10);
    expect(findPortalHostsInGroups(store.hostGroups(), duplicates)).toEqual(expected);
  });

  it('keeps an id set again in its place, deletes one set to nothing, and adds one set after it was deleted last, as a Map does', () => {
    const keys = randomKeys(300, 9);
    const byId = new Map(keys.map((k) => [k.id, k]));
    const store = storeOf(keys);
    const changes: Array<[string, PlaceMatchKey | null]> = [
      [keys[3]!.id, { ...keys[40]!, id: keys[3]!.id }],
      [keys[7]!.id, null],
      ['es-new', null],
      [keys[7]!.id, { ...keys[8]!, id: keys[7]!.id }],
      [keys[12]!.id, { ...keys[12]!, phones: ['+34972000001', keys[50]!.phones[0] ?? '+34972000002'] }],
    ];
    for (const [id, k] of changes) {
      if (k === null) byId.delete(id);
      else byId.set(id, k);
      store.set(id, k === null ? null : matchKeyColumns(k));
    }
    store.add('es-last', matchKeyColumns(key('es-last', 'Hotel Sol')));
    byId.set('es-last', key('es-last', 'Hotel Sol'));
    const expected = findSamePlaces([...byId.values()]);
    expect(expected.length).toBeGreaterThan(10);
    expect(findSamePlaces(store)).toEqual(expected);
    expect(findPortalHostsInGroups(store.hostGroups())).toEqual(findPortalHosts([...byId.values()]));
  });

  it('proposes no pairs for a phone shared by more listings than a booking centre', () => {
    const sharing = Array.from({ length: MAX_PHONE_SHARERS + 1 }, (_, at) => key(`es-${at}`, `Casa ${at}`, { lat: null, lng: null, phones: ['+34972000001'] }));
    expect(findSamePlaces(storeOf(sharing))).toEqual([]);
  });

  it('drops its tables at the end', () => {
    const store = storeOf([key('a', 'Fageda'), key('b', 'Fageda')]);
    expect(findSamePlaces(store).map((d) => d.id)).toEqual(['b']);
    store.close();
    expect(db.prepare("SELECT name FROM temp.sqlite_master WHERE type = 'table'").all()).toEqual([]);
  });
});
