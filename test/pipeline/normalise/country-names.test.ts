// Which country a name means: case, accents, dots and spacing do not matter; anything else is no country.
import { describe, expect, it } from 'vitest';
import { countryCodeForName, LONGEST_NAME_WORDS } from '../../../pipeline/normalise/country-names.ts';

describe('countryCodeForName', () => {
  it.each([
    ['España', 'es'],
    [' España ', 'es'], // spaces around
    ['Reino  Unido', 'gb'], // a run of spaces
    ['U.K.', 'gb'], // dots
    ['ROYAUME-UNI', 'gb'],
    ['Portugal', 'pt'],
    ['Madrid', null],
  ])('%j → %j', (name, code) => {
    expect(countryCodeForName(name)).toBe(code);
  });

  it('knows how many words the longest name has', () => {
    expect(LONGEST_NAME_WORDS).toBeGreaterThanOrEqual(3);
    expect(LONGEST_NAME_WORDS).toBeLessThan(12);
  });
});
