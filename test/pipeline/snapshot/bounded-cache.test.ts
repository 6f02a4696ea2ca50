// BoundedCache: least recently used out first, within its entry and weight bounds.
import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../../pipeline/snapshot/bounded-cache.ts';

const lengthCache = (entries: number, weight: number) => new BoundedCache<string, string>(entries, weight, (value) => value.length);

describe('BoundedCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = lengthCache(2, 100);
    cache.set('a', 'x');
    cache.set('b', 'y');
    expect(cache.get('a')).toBe('x'); // a is now the most recent
    cache.set('c', 'z');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('x');
    expect(cache.get('c')).toBe('z');
    expect(cache.size).toBe(2);
  });

  it('keeps the total weight within maxWeight', () => {
    const cache = lengthCache(100, 10);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.weight).toBe(8);
    cache.set('c', 'cccc');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.weight).toBe(8);
    expect(cache.size).toBe(2);
  });

  it('never keeps a value heavier than the whole cache, nor drops others for it', () => {
    const cache = lengthCache(100, 10);
    cache.set('a', 'aaaa');
    cache.set('big', 'x'.repeat(11));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.weight).toBe(4);
  });

  it('replacing a key counts its new weight only', () => {
    const cache = lengthCache(100, 10);
    cache.set('a', 'aaaa');
    cache.set('a', 'aa');
    expect(cache.weight).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('delete and clear give the weight back', () => {
    const cache = lengthCache(100, 10);
    cache.set('a', 'aaa');
    cache.set('b', 'bb');
    cache.delete('a');
    expect(cache.weight).toBe(2);
    cache.clear();
    expect(cache.weight).toBe(0);
    expect(cache.size).toBe(0);
  });
});
