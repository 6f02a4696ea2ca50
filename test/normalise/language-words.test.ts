// The words of each language are data: every file has every list, and the rules read what the files say.
import { describe, expect, it } from 'vitest';
import { alternation, mergeWordFiles, WORDS } from '../../pipeline/normalise/language-words.ts';
import { parseHoursText } from '../../pipeline/normalise/opening-hours.ts';
import { parseVerified } from '../../pipeline/normalise/scalars.ts';

describe('language word files', () => {
  it('merge every language: Spanish, Catalan, Basque, English, French and Portuguese words side by side', () => {
    expect(WORDS.closed).toEqual(expect.arrayContaining(['cerrado', 'tancat', 'itxita', 'closed', 'fermé', 'fechado']));
    expect(WORDS.phoneExtensions).toEqual(expect.arrayContaining(['extensión', 'ext', 'poste', 'ramal']));
    expect(WORDS.countryNames.es).toEqual(expect.arrayContaining(['españa', 'espagne', 'espanha', 'spanien']));
  });

  it('refuse a file that lacks a list, naming it', () => {
    expect(() => mergeWordFiles([{ source: 'xx.json', raw: { language: 'xx', yes: ['ja'] } }])).toThrow(/xx\.json: no must be a list of words/);
  });

  it('alternation puts longer words first and matches nothing for an empty list', () => {
    expect(alternation(['de', 'desde las', 'desde'])).toBe('desde\\s+las|desde|de');
    expect(new RegExp(`^(?:${alternation([])})$`).test('')).toBe(false);
  });

  it('are what the rules read', () => {
    expect(parseHoursText('Tancat')).toEqual([]);
    expect(parseHoursText('de 9h à 12h et de 14h à 18h')).toEqual([
      { open: '09:00', close: '12:00' },
      { open: '14:00', close: '18:00' },
    ]);
    expect(parseVerified('sim').value).toBe(true);
    expect(parseVerified('não').value).toBe(false);
  });
});
