// WKB points: the exact 21 bytes of ISO WKB, read back in either byte order; other geometries are refused.
import { describe, expect, it } from 'vitest';
import { readWkbPoint, wkbPoint } from '../../../pipeline/exports/wkb-point.ts';

describe('wkbPoint', () => {
  it('writes little-endian ISO WKB: byte order, type 1, x then y', () => {
    expect(Buffer.from(wkbPoint(1, 2)).toString('hex')).toBe('0101000000000000000000f03f0000000000000040');
  });

  it('round-trips seven-decimal coordinates exactly', () => {
    expect(readWkbPoint(wkbPoint(-3.6985626, 40.4195785))).toEqual({ longitude: -3.6985626, latitude: 40.4195785 });
  });

  it('reads big-endian points and refuses other types or lengths', () => {
    expect(readWkbPoint(Buffer.from('00000000013ff00000000000004000000000000000', 'hex'))).toEqual({ longitude: 1, latitude: 2 });
    expect(readWkbPoint(Buffer.from('0102000000000000000000f03f0000000000000040', 'hex'))).toBeNull();
    expect(readWkbPoint(new Uint8Array(5))).toBeNull();
  });
});
