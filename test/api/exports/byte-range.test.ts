// Range headers: one range honoured, suffix and open ranges, ends clamped; what cannot be satisfied is 416; the rest is ignored.
import { describe, expect, it } from 'vitest';
import { byteRange } from '../../../api/exports/byte-range.ts';

describe('byteRange', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-99', { kind: 'part', start: 0, end: 99 }],
    ['bytes=900-', { kind: 'part', start: 900, end: 999 }],
    ['bytes=900-5000', { kind: 'part', start: 900, end: 999 }],
    ['bytes=-100', { kind: 'part', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'part', start: 0, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=0-9,20-29', { kind: 'whole' }],
    ['items=0-9', { kind: 'whole' }],
    ['bytes=50-10', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
  ])('%s on 1000 bytes', (header, expected) => {
    expect(byteRange(header, 1000)).toEqual(expected);
  });
});
