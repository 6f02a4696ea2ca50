// model/single-space.ts: the same text as the plain whitespace patterns, on texts made of every kind of whitespace.
import { describe, expect, it } from 'vitest';
import { singleSpaced, singleSpacedLines } from '../../model/single-space.ts';

const PIECES = ['a', 'Ñ', '1', ' ', '  ', '\t', '\n', ' \n ', '\u00a0', '\u2009', '\u3000', '\ufeff', '\r\n', '-'];

/** Every text of up to four pieces, so runs of every mix and length meet both patterns. */
function* texts(): Generator<string> {
  for (const a of PIECES) for (const b of PIECES) for (const c of PIECES) for (const d of ['', ...PIECES]) yield a + b + c + d;
}

describe('singleSpaced', () => {
  it('is replace(/\\s+/g, " ") on every mix of whitespace', () => {
    for (const text of texts()) expect([text, singleSpaced(text)]).toEqual([text, text.replace(/\s+/g, ' ')]);
  });
  it('leaves a text spaced one space apart as it is', () => {
    expect(singleSpaced('Hotel Casa del Mar')).toBe('Hotel Casa del Mar');
    expect(singleSpaced(' Hotel  Casa\u00a0del\tMar ')).toBe(' Hotel Casa del Mar ');
  });
});

describe('singleSpacedLines', () => {
  it('is replace(/[^\\S\\n]+/g, " ") on every mix of whitespace', () => {
    for (const text of texts()) expect([text, singleSpacedLines(text)]).toEqual([text, text.replace(/[^\S\n]+/g, ' ')]);
  });
  it('keeps each newline', () => {
    expect(singleSpacedLines('casa  del mar\nhotel\t rural')).toBe('casa del mar\nhotel rural');
  });
});
