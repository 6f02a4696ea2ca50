import { describe, expect, it } from 'vitest';
import { lineExcerpt, parseExportLine } from '../../../pipeline/sources/parse-line.ts';

describe('parseExportLine', () => {
  it('accepts a JSON object', () => {
    expect(parseExportLine('{"providerId":"a"}')).toEqual({ ok: true, listing: { providerId: 'a' }, issues: [] });
  });
  it.each([
    ['truncated JSON', '{"providerId": "a"', 'invalid-json'],
    ['plain text', 'hello', 'invalid-json'],
    ['an array', '[1,2]', 'not-an-object'],
    ['null', 'null', 'not-an-object'],
    ['a number', '42', 'not-an-object'],
    ['a string', '"x"', 'not-an-object'],
  ])('reports %s with a reason', (_name, text, reason) => {
    const parsed = parseExportLine(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.reason).toBe(reason);
      expect(parsed.detail.length).toBeGreaterThan(0);
    }
  });
  it('shortens excerpts to one line', () => {
    expect(lineExcerpt('a\n  b'.repeat(100), 20)).toHaveLength(20);
  });
});
