// Text a person types: trimmed and NFC-normalised within its bounds, or refused with the reason, worded for the field.
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../model/typed-text.ts';

describe('cleanText', () => {
  it('trims and NFC-normalises', () => {
    expect(cleanText('  Cafe\u0301 Sol ', 'name', { max: 20 })).toEqual({ ok: true, value: 'Café Sol' });
  });

  it('counts characters, not UTF-16 units, against the bounds', () => {
    expect(cleanText('😀😀', 'name', { max: 2 })).toEqual({ ok: true, value: '😀😀' });
    expect(cleanText('😀😀😀', 'name', { max: 2 })).toEqual({ ok: false, problem: 'name must be 1 to 2 characters' });
    expect(cleanText('ab', 'note', { min: 3, max: 10 })).toEqual({ ok: false, problem: 'note must be 3 to 10 characters' });
    expect(cleanText('   ', 'name', { max: 10 })).toEqual({ ok: false, problem: 'name must be 1 to 10 characters' });
  });

  it('refuses a huge value before normalising it', () => {
    expect(cleanText('x'.repeat(41), 'name', { max: 10 })).toEqual({ ok: false, problem: 'name must be at most 10 characters' });
  });

  it('refuses invisible characters, even where trimming would drop them', () => {
    for (const text of ['a\u200bb', '\ufeffab', 'ab\u2028', 'a\u00adb', 'a\u{e0041}b']) {
      expect(cleanText(text, 'name', { max: 10 })).toEqual({ ok: false, problem: 'name must not contain invisible characters (zero-width, direction marks, fillers)' });
    }
  });

  it('refuses control and text-direction characters', () => {
    for (const text of ['a\u0007b', 'a\u202eb', 'a\u2066b', 'a\u0085b']) {
      expect(cleanText(text, 'key name', { max: 10 })).toEqual({ ok: false, problem: 'key name must not contain control or text-direction characters' });
    }
  });
});
