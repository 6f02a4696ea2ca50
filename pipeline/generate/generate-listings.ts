// Deterministic provider export lines at any size: realistic listings plus the bad lines real exports carry.
import type { CountryCode } from '../../model/place.ts';
import { fakeListing } from './fake-listing.ts';
import type { CountryVocabulary } from './country-vocabulary.ts';
import { BAD_LINES, vocabularyFor } from './generator-vocabulary.ts';
import { createRandom, mixSeed } from './prng.ts';

export interface GenerateOptions {
  country: CountryCode;
  count: number;
  /** Same seed, same lines (default 1). */
  seed?: number;
}

export const DEFAULT_SEED = 1;

/** Shares of lines, by what is wrong with them. */
const SHARE_NOT_A_LISTING = 0.001;
const SHARE_DUPLICATE_ID = 0.001;
const SHARE_NO_PROVIDER_ID = 0.0015;
const SHARE_NO_NAME = 0.0015;

/** Duplicates repeat an id seen shortly before, as a provider's paging glitch does. */
const DUPLICATE_LOOKBACK = 1000;

/** The provider id of item `index`: unique per index, with a source prefix that varies. */
export function providerIdFor(vocabulary: CountryVocabulary, seed: number, index: number): string {
  const prefix = vocabulary.idPrefixes[mixSeed(seed, index) % vocabulary.idPrefixes.length];
  return `${prefix}-${String(index + 1).padStart(6, '0')}`;
}

/**
 * One JSON line per item (no newline). Each item draws from its own seeded stream, so the first N lines
 * of a larger export equal a smaller one's, and memory stays flat however many lines are asked for.
 */
export function* generateListingLines(options: GenerateOptions): Generator<string> {
  const vocabulary = vocabularyFor(options.country);
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(options.count) || options.count < 0) throw new RangeError(`count must be a non-negative integer, not ${options.count}`);
  for (let index = 0; index < options.count; index += 1) {
    yield generateLine(vocabulary, seed, index);
  }
}

function generateLine(vocabulary: CountryVocabulary, seed: number, index: number): string {
  const random = createRandom(mixSeed(mixSeed(seed, countrySalt(vocabulary)), index));
  let providerId = providerIdFor(vocabulary, seed, index);
  let roll = random.next();

  if (roll < SHARE_NOT_A_LISTING) {
    const name = random.pick(vocabulary.nameParts);
    return random.pick(BAD_LINES).replaceAll('{id}', providerId).replaceAll('{name}', name);
  }
  roll -= SHARE_NOT_A_LISTING;
  if (roll < SHARE_DUPLICATE_ID && index > 0) {
    providerId = providerIdFor(vocabulary, seed, index - 1 - random.int(Math.min(index, DUPLICATE_LOOKBACK)));
  }
  roll -= SHARE_DUPLICATE_ID;

  const listing = fakeListing(random, vocabulary, providerId);
  if (roll >= 0 && roll < SHARE_NO_PROVIDER_ID) blank(listing, 'providerId', random.next());
  roll -= SHARE_NO_PROVIDER_ID;
  if (roll >= 0 && roll < SHARE_NO_NAME) blank(listing, 'name', random.next());
  return JSON.stringify(listing);
}

/** Keeps one country's listings independent of another's generated with the same seed. */
function countrySalt(vocabulary: CountryVocabulary): number {
  return vocabulary.country.charCodeAt(0) * 256 + vocabulary.country.charCodeAt(1);
}

/** A required field missing, null or empty: the three ways exports leave one out. */
function blank(listing: Record<string, unknown>, field: string, roll: number): void {
  if (roll < 0.6) delete listing[field];
  else if (roll < 0.8) listing[field] = null;
  else listing[field] = '';
}
