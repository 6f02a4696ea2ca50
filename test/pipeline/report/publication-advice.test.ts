// What a report says before its next steps, as pure rules: the country a mostly foreign export belongs to; a refusal that empties most of a country.
import { describe, expect, it } from 'vitest';
import type { GateResult } from '../../../pipeline/gates/gates.ts';
import { publicationAdvice, suggestedCountry, wrongCountryHint } from '../../../pipeline/report/publication-advice.ts';

const im = (listings: number, foreign: number, groups: Record<string, number> = {}) => ({
  country: 'es' as const,
  listings,
  byReason: (foreign ? { 'foreign-address': foreign } : {}) as Record<string, number>,
  issueGroups: (Object.keys(groups).length ? { 'address/foreign-country': groups } : {}) as Record<string, Record<string, number>>,
});
const fail: GateResult = { gate: 'published-drop', status: 'fail', measured: 0.6, threshold: 0.1, warnAbove: 0.05, detail: '' };
const pass: GateResult = { ...fail, status: 'pass' };

describe('the country an export looks like', () => {
  it('more than half of the listings foreign: the country most of them name', () => {
    expect(wrongCountryHint(im(215, 215, { pt: 213, fr: 2 }))).toEqual({ country: 'pt', count: 213, listings: 215 });
    expect(suggestedCountry(im(215, 215, { pt: 213, fr: 2 }))).toBe('pt');
  });

  it('half or fewer: no hint; a country the directory does not cover: named, never suggested', () => {
    expect(wrongCountryHint(im(10, 5, { pt: 5 }))).toBeNull();
    expect(suggestedCountry(im(10, 9, { it: 9 }))).toBeNull();
    expect(publicationAdvice({ country: 'es', gates: [fail], import: im(10, 9, { it: 9 }) }, null)).toEqual([
      '9 of 10 listings have an address in "it", not in Spain: a country this directory does not cover; check the file.',
    ]);
  });

  it('says which country and which --country to use', () => {
    expect(publicationAdvice({ country: 'es', gates: [fail], import: im(215, 215, { pt: 215 }) }, { current: 0, removed: 0, remaining: 0, drastic: false })).toEqual([
      '215 of 215 listings have an address in Portugal (pt), not in Spain: this looks like an export of pt; import it with --country pt.',
    ]);
  });
});

describe('a refusal that would remove most of a country', () => {
  const drastic = { current: 1154, removed: 665, remaining: 489, drastic: true };
  it('says an import replaces the whole country and its files go together, before any --force', () => {
    expect(publicationAdvice({ country: 'es', gates: [fail], import: im(489, 0) }, drastic)).toEqual([
      "An import replaces the whole of es: places served now that its files do not contain are removed (this one would remove 665 of the 1,154 places es serves, leaving 489). Give all of a country's files together in one import (npx lodging import --country es FILE FILE…); publish this candidate with --force only if es really is to shrink.",
    ]);
  });

  it('nothing to say when no gate fails, or the removal is not drastic', () => {
    expect(publicationAdvice({ country: 'es', gates: [pass], import: im(489, 0) }, drastic)).toEqual([]);
    expect(publicationAdvice({ country: 'es', gates: [fail], import: im(489, 0) }, { ...drastic, removed: 100, remaining: 1054, drastic: false })).toEqual([]);
  });
});
