// The flat posting log grouped by key: each key's rowids in the order appended, repeats dropped, across chunks.
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../pipeline/generate/prng.ts';
import { PostingLog } from '../../../pipeline/snapshot/posting-log.ts';

/** The grouping done with a Map of arrays: what the log must give. */
function byArrays(pairs: readonly [number, number][], keys: number): number[][] {
  const lists = Array.from({ length: keys }, (): number[] => []);
  for (const [key, rowid] of pairs) if (lists[key]!.at(-1) !== rowid) lists[key]!.push(rowid);
  return lists;
}

function groupedLists(log: PostingLog, keys?: number): number[][] {
  const { starts, rowids } = log.grouped(keys);
  return Array.from({ length: starts.length - 1 }, (_, k) => Array.from(rowids.subarray(starts[k]!, starts[k + 1]!)));
}

describe('posting log', () => {
  it('groups pairs by key, keeping each key rowids in order and a repeat once', () => {
    const log = new PostingLog();
    for (const [key, rowid] of [[2, 1], [0, 1], [2, 1], [1, 3], [2, 3], [0, 7], [0, 7], [2, 9]] as const) log.add(key, rowid);
    expect(log.size).toBe(8);
    expect(groupedLists(log)).toEqual([[1, 7], [3], [1, 3, 9]]);
    expect(log.size).toBe(0);
  });

  it('gives empty lists for keys never appended, and refuses fewer keys than appended', () => {
    const log = new PostingLog();
    log.add(1, 5);
    expect(groupedLists(log, 4)).toEqual([[], [5], [], []]);
    log.add(3, 5);
    expect(() => log.grouped(3)).toThrow(RangeError);
    expect(groupedLists(new PostingLog())).toEqual([]);
  });

  it('matches arrays per key over several chunks of random pairs', () => {
    const random = createRandom(11);
    const pairs: [number, number][] = [];
    let rowid = 1;
    while (pairs.length < 300_000) {
      rowid += Math.floor(random.next() * 3);
      for (let n = Math.floor(random.next() * 6); n > 0; n -= 1) pairs.push([Math.floor(random.next() * random.next() * 500), rowid]);
    }
    const log = new PostingLog();
    for (const [key, at] of pairs) log.add(key, at);
    expect(groupedLists(log, 500)).toEqual(byArrays(pairs, 500));
  });
});
