// The README sample text rules: shortening with `…`, sample blocks between markers, and the shape two runs share.
import { describe, expect, it } from 'vitest';
import { keepLines, keepSections, readSampleBlocks, replaceSampleBlocks, shapeOf, shortPlacesPage, unwrap, wrap } from '../../bench/support/readme-sample-text.ts';

const README = 'intro\n\n<!-- sample: a -->\n```\nold a\n```\n<!-- /sample -->\n\ntext\n\n<!-- sample: b -->\n```\nold b\n```\n<!-- /sample -->\n';

describe('sample blocks', () => {
  it('reads every block and rewrites each by name, leaving the rest of the page alone', () => {
    expect(readSampleBlocks(README)).toEqual([{ name: 'a', text: 'old a' }, { name: 'b', text: 'old b' }]);
    const next = replaceSampleBlocks(README, { a: 'new a\nline 2', b: 'new b' });
    expect(readSampleBlocks(next)).toEqual([{ name: 'a', text: 'new a\nline 2' }, { name: 'b', text: 'new b' }]);
    expect(next.replace(/<!-- sample[\s\S]*?\/sample -->/g, '')).toBe(README.replace(/<!-- sample[\s\S]*?\/sample -->/g, ''));
  });

  it('refuses a sample with no block and a block with no sample', () => {
    expect(() => replaceSampleBlocks(README, { a: 'x' })).toThrow(/no sample for b/);
    expect(() => replaceSampleBlocks(README, { a: 'x', b: 'y', c: 'z' })).toThrow(/no block for c/);
  });
});

describe('shortening', () => {
  it('keeps matching lines, one … for each run of others', () => {
    expect(keepLines('a1\nb\nc\na2\nd', [/^a/])).toBe('a1\n…\na2\n…');
  });

  it('keeps the first section and the matching ones, one … for each run of others', () => {
    const text = 'Head\n  1\n\nSkip\n  x\n\nAlso skip\n\nKeep\n  2\n\nVERDICT\n  3';
    expect(keepSections(text, [/^Keep/, /^[A-Z]{4,}/])).toBe('Head\n  1\n…\nKeep\n  2\n\nVERDICT\n  3');
  });

  it('elides the unlisted members of each place and keeps the page whole', () => {
    const body = { places: [{ id: 'es-1', x: 1, y: 2, name: 'N', z: 3 }], page: { count: 1, hasMore: false } };
    expect(shortPlacesPage(body, ['id', 'name'])).toBe('{"places":[{"id":"es-1",…,"name":"N",…}],"page":{"count":1,"hasMore":false}}');
  });

  it('breaks a long line after commas within the width, and unwraps it unchanged', () => {
    const line = `{${Array.from({ length: 30 }, (_, i) => `"k${i}":"${'v'.repeat(i % 7)}"`).join(',')}}`;
    const lines = wrap(line, 40).split('\n');
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.every((l) => l.length <= 40)).toBe(true);
    expect(lines.slice(0, -1).every((l) => l.endsWith(','))).toBe(true);
    expect(unwrap(wrap(line, 40))).toBe(line);
    expect(wrap('x'.repeat(50), 40)).toBe('x'.repeat(50));
  });
});

describe('shapeOf', () => {
  it('masks what differs between two runs and keeps every count', () => {
    const one = 'Import 20261125T154632693Z-6494db of ES\n  55 lines, in 0.1 s\n  x / bFeyxAjt…\n  key: lds_live_wb3F…\n  2026-11-27 17:04 UTC';
    const two = 'Import 20261127T170644378Z-877669 of ES\n  55 lines, in 12.4 s\n  x / bFeyxAjt…\n  key: lds_live_Qz9a…\n  2026-11-28 09:00 UTC';
    expect(shapeOf(one)).toBe(shapeOf(two));
    expect(shapeOf(one)).not.toBe(shapeOf(two.replace('55 lines', '60 lines')));
    expect(shapeOf('developer@lodging.localhost / abc…')).toBe(shapeOf('developer@lodging.localhost / zzz…'));
  });

  it("masks a cursor's signature, not its kind, filters or position", () => {
    const cursor = (fingerprint: string, id: string, mac: string) => `"nextCursor":"2.k.${fingerprint}.r${id}.${mac}"`;
    expect(shapeOf(cursor('r3qKxGt_rY', 'es-1', 'i-acLQ'))).toBe(shapeOf(cursor('r3qKxGt_rY', 'es-1', 'Q-xyz')));
    expect(shapeOf(cursor('r3qKxGt_rY', 'es-1', 'i-acLQ'))).not.toBe(shapeOf(cursor('Zz9_other', 'es-1', 'i-acLQ')));
    expect(shapeOf(cursor('r3qKxGt_rY', 'es-1', 'i-acLQ'))).not.toBe(shapeOf(cursor('r3qKxGt_rY', 'es-2', 'i-acLQ')));
    expect(shapeOf('"nextCursor":"eyJ2IjoxLCJhIjoi…"')).not.toBe(shapeOf(cursor('a', 'es-1', 'b')));
  });
});
