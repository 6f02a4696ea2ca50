// The change feed's diff cache: most recent first, bounded in diffs and in ids, a progress kept only where it covers the page.
import { describe, expect, it } from 'vitest';
import { compareIds, DiffCache, firstAfter, type Change } from '../../../pipeline/snapshot/diff-cache.ts';

const changes = (...ids: string[]): Change[] => ids.map((id) => ({ id, change: 'added' }));

describe('DiffCache', () => {
  it('keeps a progress for the pages it covers, and starts afresh where it does not reach', () => {
    const cache = new DiffCache();
    const progress = cache.progressFor('es/a/b', '');
    progress.changes.push(...changes('es-1', 'es-2', 'es-3'));
    progress.scannedTo = 'es-3';
    expect(cache.progressFor('es/a/b', 'es-2')).toBe(progress);
    expect(cache.progressFor('es/a/b', 'es-5')).not.toBe(progress); // beyond what was scanned: a fresh walk from there
    expect(cache.progressFor('es/a/b', 'es-5').start).toBe('es-5');
  });

  it('a complete diff covers every page after its start', () => {
    const cache = new DiffCache();
    const progress = cache.progressFor('es/a/b', '');
    progress.complete = true;
    expect(cache.progressFor('es/a/b', 'es-zzz')).toBe(progress);
  });

  it('drops the least recently used diffs past its bounds', () => {
    const cache = new DiffCache(2, 1000);
    const a = cache.progressFor('a', '');
    cache.progressFor('b', '');
    cache.progressFor('a', ''); // a is now the most recent
    const c = cache.progressFor('c', '');
    cache.trim(c, '');
    expect(cache.size).toBe(2);
    expect(cache.progressFor('a', '')).toBe(a);
  });

  it('a diff alone past the id bound forgets what comes before the page it serves', () => {
    const cache = new DiffCache(4, 3);
    const progress = cache.progressFor('a', '');
    progress.changes.push(...changes('es-1', 'es-2', 'es-3', 'es-4', 'es-5'));
    progress.scannedTo = 'es-5';
    cache.trim(progress, 'es-2');
    expect(progress.changes.map((c) => c.id)).toEqual(['es-3', 'es-4', 'es-5']);
    expect(progress.start).toBe('es-2');
  });

  it('orders ids as SQLite does (UTF-8 bytes), not as JavaScript compares strings', () => {
    // In UTF-16 code units U+1F600 comes before U+FF21; in UTF-8 bytes, after it. ASCII comes first either way.
    expect(compareIds('es-\u{1F600}', 'es-\uFF21')).toBeGreaterThan(0);
    expect(compareIds('es-a', 'es-\uFF21')).toBeLessThan(0);
    expect(firstAfter(changes('es-1', 'es-2', 'es-3'), 'es-2')).toBe(2);
    expect(firstAfter(changes('es-1', 'es-2', 'es-3'), '')).toBe(0);
  });
});
