// Phone texts as providers publish them: each country's usual layouts, stray junk, and numbers that are not numbers.
import type { CountryCode } from '../../model/place.ts';
import type { CountryVocabulary } from './country-vocabulary.ts';
import type { Random } from './prng.ts';

export type PhoneKind = 'landline' | 'mobile' | 'special';

/** A national significant number (no trunk 0, no country code) in the vocabulary's ranges. */
export function drawNationalNumber(random: Random, vocabulary: CountryVocabulary, kind: PhoneKind): string {
  const { phones } = vocabulary;
  let digits = random.pick(phones[kind]);
  // A zero after the area code is a rare, often unassigned block: keep the first free digit from 2 to 9.
  digits += String(random.between(2, 9));
  while (digits.length < phones.nationalLength) digits += String(random.int(10));
  return digits;
}

function group(digits: string, sizes: readonly number[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(' ');
}

const COUNTRY_CODES: Record<CountryCode, string> = { es: '34', gb: '44', fr: '33', pt: '351' };

/** One of the layouts the country's providers use for this number. */
export function formatPhone(random: Random, country: CountryCode, nsn: string): string {
  const cc = COUNTRY_CODES[country];
  switch (country) {
    case 'es': {
      const twoDigitArea = /^9[13]/.test(nsn);
      const spaced = group(nsn, twoDigitArea ? [2, 3, 2, 2] : [3, 2, 2, 2]);
      return random.pickWeighted<() => string>([
        [() => `+${cc} ${group(nsn, [3, 2, 2, 2])}`, 30],
        [() => `(+${cc}) ${spaced}`, 20],
        [() => spaced, 25],
        [() => nsn, 15],
        [() => `+${cc} ${nsn}`, 4],
        [() => group(nsn, [3, 3, 3]), 4],
        [() => `(${cc}) ${spaced}`, 2],
      ])();
    }
    case 'gb': {
      // London-style 02x, mobiles 07xxx, big-city 011x/01x1, otherwise a four-digit area code (01248 727355).
      const bigCity = /^1(1\d|\d1)/.test(nsn);
      const sizes = nsn.startsWith('2') ? [2, 4, 4] : nsn.startsWith('7') ? [4, 6] : bigCity ? [3, 3, 4] : [4, 6];
      const spaced = group(nsn, sizes);
      return random.pickWeighted<() => string>([
        [() => `0${spaced}`, 45],
        [() => `+${cc} ${spaced}`, 25],
        [() => `+${cc} (0)${spaced}`, 10],
        [() => `0${nsn}`, 15],
        [() => `(0${spaced.replace(' ', ') ')}`, 5],
      ])();
    }
    case 'fr': {
      const pairs = group(nsn.slice(1), [2, 2, 2, 2]);
      return random.pickWeighted<() => string>([
        [() => `0${nsn[0]} ${pairs}`, 50],
        [() => `+${cc} ${nsn[0]} ${pairs}`, 20],
        [() => `+${cc} (0)${nsn[0]} ${pairs}`, 5],
        [() => `0${nsn}`, 15],
        [() => `0${nsn[0]}.${pairs.replaceAll(' ', '.')}`, 10],
      ])();
    }
    case 'pt': {
      const spaced = nsn.startsWith('2') && /^2[12]/.test(nsn) ? group(nsn, [2, 3, 4]) : group(nsn, [3, 3, 3]);
      return random.pickWeighted<() => string>([
        [() => `+${cc} ${spaced}`, 55],
        [() => spaced, 20],
        [() => nsn, 15],
        [() => `(+${cc}) ${spaced}`, 5],
        [() => `00${cc} ${nsn}`, 5],
      ])();
    }
  }
}

/** A valid number of the given kind, laid out as the country's providers do. */
export function fakePhone(random: Random, vocabulary: CountryVocabulary, kind: PhoneKind): string {
  return formatPhone(random, vocabulary.country, drawNationalNumber(random, vocabulary, kind));
}

/** Leading/trailing spaces, a dangling separator, a byte-order mark, a tel: link, a "Fax" prefix. */
export function decoratePhone(random: Random, text: string): string {
  return random.pickWeighted<() => string>([
    [() => `${text} `, 40],
    [() => ` ${text}`, 10],
    [() => `${text} /`, 15],
    [() => `${text}  `, 10],
    [() => `${text}\uFEFF`, 5],
    [() => `tel:${text.replaceAll(' ', '')}`, 10],
    [() => `Fax ${text}`, 10],
  ])();
}

/** Texts that hold no valid number: cut short, coordinates pasted in, a wrong country code, filler. */
export function fakeInvalidPhone(random: Random, vocabulary: CountryVocabulary): string {
  const nsn = drawNationalNumber(random, vocabulary, 'landline');
  return random.pickWeighted<() => string>([
    [() => nsn.slice(0, 3), 20],
    [() => nsn.slice(0, vocabulary.phones.nationalLength - 2), 20],
    [() => `${random.between(36, 43)}.${random.between(10000000, 99999999)}`, 15],
    [() => `(+345) ${group(nsn, [2, 3, 2, 2])}`, 10],
    [() => '000 000 000', 10],
    [() => 'no disponible', 5],
    [() => '-', 10],
  ])();
}

/** Several numbers in one text, as registries write a phone and a mobile together. */
export function fakeMultiPhone(random: Random, vocabulary: CountryVocabulary): string {
  const first = fakePhone(random, vocabulary, 'landline');
  const second = fakePhone(random, vocabulary, random.chance(0.6) ? 'mobile' : 'landline');
  const separator = random.pick([' / ', ' / ', ' - ', '; ', ', ', ' o ']);
  return `${first}${separator}${second}`;
}
