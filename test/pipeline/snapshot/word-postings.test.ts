// Posting lists as stored blobs: int32 little-endian, read back whole wherever the blob's bytes start.
import { describe, expect, it } from 'vitest';
import { blobRowids, rowidsBlob } from '../../../pipeline/snapshot/word-postings.ts';

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
