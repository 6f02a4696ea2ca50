// The phone-parsing ceiling: parsePhone alone, one core, over the phone texts the generator wrote for the first listings.
import { COUNTRIES } from '../../model/countries.ts';
import { generateListingLines } from '../../pipeline/generate/generate-listings.ts';
import { parsePhone, splitPhoneText } from '../../pipeline/normalise/phones.ts';
import type { CountryCode } from '../../model/place.ts';

export interface PhoneCeiling {
  listings: number;
  phones: number;
  phonesPerListing: number;
  phonesPerSecond: number;
  /** The listings/s one core could reach if parsing phones were all an import did. */
  ceilingListingsPerSecond: number;
}

/** Each listing's phone texts, split into one text per number as the import does before parsing. */
function collectPhoneTexts(country: CountryCode, seed: number, count: number): string[] {
  const texts: string[] = [];
  for (const line of generateListingLines({ country, count, seed })) {
    let listing: unknown;
    try {
      listing = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof listing !== 'object' || listing === null || Array.isArray(listing)) continue;
    const { phone, phones } = listing as { phone?: unknown; phones?: unknown };
    const raw = [phone, ...(Array.isArray(phones) ? phones : [phones])];
    for (const text of raw) if (typeof text === 'string') texts.push(...splitPhoneText(text));
  }
  return texts;
}

export function measurePhoneCeiling(country: CountryCode, seed: number, listings: number): PhoneCeiling {
  const texts = collectPhoneTexts(country, seed, listings);
  const region = COUNTRIES[country];
  // Warm-up: JIT and libphonenumber's metadata, so the timed pass measures steady state.
  for (let i = 0; i < Math.min(texts.length, 20_000); i += 1) parsePhone(texts[i]!, region);
  let valid = 0;
  const started = performance.now();
  for (const text of texts) if (parsePhone(text, region).value !== null) valid += 1;
  const seconds = (performance.now() - started) / 1000;
  if (valid === 0 && texts.length > 0) throw new Error('no phone parsed: the ceiling would be meaningless');
  const phonesPerSecond = texts.length / seconds;
  const phonesPerListing = texts.length / listings;
  return {
    listings,
    phones: texts.length,
    phonesPerListing,
    phonesPerSecond,
    ceilingListingsPerSecond: phonesPerSecond / phonesPerListing,
  };
}
