// What a report says before its next steps: the country an export of mostly foreign addresses belongs to, and that an import replaces its whole country.
import { COUNTRIES } from '../../model/countries.ts';
import { isCountryCode, type CountryCode } from '../../model/place.ts';
import type { GateResult } from '../gates/gate-result.ts';
import type { ImportReport } from './import-report.ts';

/** The issue group that counts foreign addresses by the country they name (normalise/address.ts). */
const FOREIGN_GROUP = 'address/foreign-country';

export interface CountryHint {
  /** The country most of the foreign addresses name (a code this directory may not cover). */
  country: string;
  /** Listings whose address names it. */
  count: number;
  listings: number;
}

/** When more than half of the listings are refused as foreign addresses: the country most of them name. */
export function wrongCountryHint(im: Pick<ImportReport, 'listings' | 'byReason' | 'issueGroups'>): CountryHint | null {
  const foreign = im.byReason['foreign-address'] ?? 0;
  if (im.listings === 0 || foreign * 2 <= im.listings) return null;
  const [top] = Object.entries(im.issueGroups[FOREIGN_GROUP] ?? {}).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return top ? { country: top[0], count: top[1], listings: im.listings } : null;
}

/** The country to import with instead, when it is one this directory covers. */
export function suggestedCountry(im: Pick<ImportReport, 'listings' | 'byReason' | 'issueGroups'>): CountryCode | null {
  const hint = wrongCountryHint(im);
  return hint && isCountryCode(hint.country) ? hint.country : null;
}

export interface RemovalFigures {
  current: number;
  removed: number;
  remaining: number;
  drastic: boolean;
}

const num = (n: number) => n.toLocaleString('en-GB');

export function publicationAdvice(r: { country: string; gates: GateResult[]; import: Pick<ImportReport, 'country' | 'listings' | 'byReason' | 'issueGroups'> }, removal: RemovalFigures | null): string[] {
  const advice: string[] = [];
  const hint = wrongCountryHint(r.import);
  if (hint) {
    const covered = isCountryCode(hint.country) ? hint.country : null;
    const known = covered !== null;
    const where = covered ? `${COUNTRIES[covered].name} (${covered})` : `"${hint.country}"`;
    advice.push(
      `${num(hint.count)} of ${num(hint.listings)} listings have an address in ${where}, not in ${COUNTRIES[r.import.country].name}: ${
        known ? `this looks like an export of ${hint.country}; import it with --country ${hint.country}.` : 'a country this directory does not cover; check the file.'
      }`,
    );
  }
  if (removal?.drastic && r.gates.some((g) => g.status === 'fail')) {
    const cc = r.country;
    advice.push(
      `An import replaces the whole of ${cc}: places served now that its files do not contain are removed (this one would remove ${num(removal.removed)} of the ${num(removal.current)} places ${cc} serves, leaving ${num(removal.remaining)}). Give all of a country's files together in one import (npx lodging import --country ${cc} FILE FILE…); publish this candidate with --force only if ${cc} really is to shrink.`,
    );
  }
  return advice;
}
