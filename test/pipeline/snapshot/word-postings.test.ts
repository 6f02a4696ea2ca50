// Posting lists: collected per word and kind, and as stored blobs (the gaps between rowids as varints; the int32 arrays of earlier files).
import { describe, expect, it } from 'vitest';
import { blobRowids, int32BlobRowids, placeWordsText, PostingsCollector, rowidsBlob } from '../../../pipeline/snapshot/word-postings.ts';

/** An int32 little-endian array, as files of schema version 6 and before stored a list. */
const int32Blob = (rowids: number[]): Buffer => Buffer.from(Int32Array.from(rowids).buffer);

describe('posting list blobs', () => {
  it('reads back the rowids written, large gaps and a blob that starts at an odd byte', () => {
    const rowids = [1, 2, 129, 256, 16_640, 65_537, 2 ** 21 + 65_537, 2 ** 31 - 1];
    expect(Array.from(blobRowids(rowidsBlob(rowids)))).toEqual(rowids);
    const shifted = Buffer.concat([Buffer.from([7]), rowidsBlob(rowids)]).subarray(1);
    expect(Array.from(blobRowids(shifted))).toEqual(rowids);
    expect(rowidsBlob([])).toHaveLength(0);
    expect(blobRowids(rowidsBlob([]))).toHaveLength(0);
  });

  it('stores each gap in seven bits a byte, low bits first', () => {
    // 5, then 300 - 5 = 295 = 0b10_0100111: 0x27 with the next-byte bit, then 0x02; then a gap of 1.
    expect([...rowidsBlob([5, 300, 301])]).toEqual([5, 0xa7, 0x02, 1]);
    expect([...rowidsBlob([2 ** 31 - 1])]).toEqual([0xff, 0xff, 0xff, 0xff, 0x07]);
  });

  it('refuses rowids that do not ascend or leave int32', () => {
    expect(() => rowidsBlob([3, 3])).toThrow(RangeError);
    expect(() => rowidsBlob([4, 2])).toThrow(RangeError);
    expect(() => rowidsBlob([0])).toThrow(RangeError);
    expect(() => rowidsBlob([2 ** 31])).toThrow(RangeError);
    expect(() => rowidsBlob([1.5])).toThrow(RangeError);
  });

  it('drops a number the blob ends inside and reads anything but bytes as no places', () => {
    expect(Array.from(blobRowids(Buffer.concat([rowidsBlob([5, 6]), Buffer.from([0x81, 0x80])])))).toEqual([5, 6]);
    expect(blobRowids(Buffer.from([0x80]))).toHaveLength(0);
    expect(blobRowids(null)).toHaveLength(0);
    expect(blobRowids('abcd')).toHaveLength(0);
  });

  it('reads an earlier file\'s int32 arrays, dropping a tail shorter than four bytes', () => {
    const rowids = [1, 2, 255, 256, 65_537, 2 ** 31 - 1];
    expect(Array.from(int32BlobRowids(int32Blob(rowids)))).toEqual(rowids);
    const shifted = Buffer.concat([Buffer.from([7]), int32Blob(rowids)]).subarray(1);
    expect(Array.from(int32BlobRowids(shifted))).toEqual(rowids);
    expect(int32Blob([258]).equals(Buffer.from([2, 1, 0, 0]))).toBe(true);
    expect(Array.from(int32BlobRowids(Buffer.concat([int32Blob([5, 6]), Buffer.from([1, 2])])))).toEqual([5, 6]);
    expect(int32BlobRowids(null)).toHaveLength(0);
    expect(int32BlobRowids(Buffer.from([1, 2]))).toHaveLength(0);
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

  it('reads the words a record carries as it reads the place: the same words, kinds and order', () => {
    const places = [
      { rowid: 1, name: 'Hôtel  Sol, S.L.', legalName: 'Sol SL', address: { city: 'A Coruña' }, lodgingTypes: ['Hotel', 'Casa rural'] },
      { rowid: 2, name: 'Casa Sol', legalName: null, address: { city: 'Sol' }, lodgingTypes: [] },
      { rowid: 4, name: 'Hotel', legalName: 'Hotel', address: null, lodgingTypes: ['casa', 3] },
      { rowid: 7, name: '', legalName: null, address: { city: null }, lodgingTypes: null },
    ];
    const fromPlaces = new PostingsCollector();
    const fromWords = new PostingsCollector();
    for (const place of places) {
      fromPlaces.add({ rowid: place.rowid, name: place.name, legalName: place.legalName, city: place.address?.city ?? null, labels: JSON.stringify(place.lodgingTypes) });
      fromWords.addWords(place.rowid, placeWordsText(place));
    }
    const listed = (collector: PostingsCollector) =>
      Array.from(collector.words(), ([word, { name, city, label }]) => [word, Array.from(name), Array.from(city), Array.from(label)]);
    expect(listed(fromWords)).toEqual(listed(fromPlaces));
    expect(listed(fromWords)[0]).toEqual(['hotel', [1, 4], [], [1]]);
    expect(placeWordsText(places[0]!)).toBe('hotel sol s l sol sl\na coruna\nhotel casa rural');
    expect(placeWordsText(places[3]!)).toBe('\n\n');
  });

  it('stores an Int32Array view as the bytes of its own rowids', () => {
    const all = Int32Array.of(9, 3, 258, 4);
    expect(rowidsBlob(all.subarray(1, 3)).equals(rowidsBlob([3, 258]))).toBe(true);
  });
});
