// Posting lists: collected per word and kind, and as stored blobs (int32 little-endian, read back whole wherever the bytes start).
import { describe, expect, it } from 'vitest';
import { blobRowids, PostingsCollector, rowidsBlob } from '../../../pipeline/snapshot/word-postings.ts';

describe('posting list blobs', () => {
  it('reads back the rowids written, large ones and a blob that starts at an odd byte', () => {
    const rowids = [1, 2, 255, 256, 65_537, 2 ** 31 - 1];
    expect(Array.from(blobRowids(rowidsBlob(rowids)))).toEqual(rowids);
    const shifted = Buffer.concat([Buffer.from([7]), rowidsBlob(rowids)]).subarray(1);
    expect(Array.from(blobRowids(shifted))).toEqual(rowids);
    expect(rowidsBlob([258]).equals(Buffer.from([2, 1, 0, 0]))).toBe(true);
  });

  it('drops a tail shorter than four bytes and reads anything but bytes as no places', () => {
    expect(Array.from(blobRowids(Buffer.concat([rowidsBlob([5, 6]), Buffer.from([1, 2])])))).toEqual([5, 6]);
    expect(blobRowids(null)).toHaveLength(0);
    expect(blobRowids('abcd')).toHaveLength(0);
    expect(blobRowids(Buffer.from([1, 2]))).toHaveLength(0);
  });
});

describe('postings collector', () => {
  it('gives each word in the order first seen with its places per kind, a place once per kind', () => {
    const collector = new PostingsCollector();
    collector.add({ rowid: 1, name: 'Hotel Sol', legalName: 'Sol SL', city: 'Madrid', labels: '["Hotel"]' });
    collector.add({ rowid: 2, name: 'Casa Sol', legalName: null, city: 'Sol', labels: 'not json' });
    collector.add({ rowid: 4, name: 42, legalName: 'Hotel', city: null, labels: '["Casa rural", 3]' });
    expect(collector.size).toBe(6);
    const lists = Array.from(collector.words(), ([word, { name, city, label }]) => [word, Array.from(name), Array.from(city), Array.from(label)]);
    expect(lists).toEqual([
      ['hotel', [1, 4], [], [1]],
      ['sol', [1, 2], [2], []],
      ['sl', [1], [], []],
      ['madrid', [], [1], []],
      ['casa', [2], [], [4]],
      ['rural', [], [], [4]],
    ]);
  });

  it('stores an Int32Array view as the bytes of its own rowids', () => {
    const all = Int32Array.of(9, 3, 258, 4);
    expect(rowidsBlob(all.subarray(1, 3)).equals(rowidsBlob([3, 258]))).toBe(true);
  });
});
