// A place's public id: the country and the provider's id, readable when it can be, hashed when it cannot; stable across re-imports.
import { createHash } from 'node:crypto';
import { MAX_PLACE_ID_LENGTH } from '../../model/limits.ts';
import { isCountryCode, type CountryCode } from '../../model/place.ts';

const HASH_LENGTH = 32;

/**
 * Characters that make an id unsafe to show or to URL-encode: control and invisible format characters (bidi overrides
 * could disguise an id), line separators, and lone surrogates, on which encodeURIComponent throws.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u; // with the u flag, \p{Cs} matches only unpaired surrogates

/** A provider id shaped like a hashed one is hashed too, so a readable id can never equal another listing's hashed id. */
const HASHED_SHAPE = new RegExp(`^h-[0-9a-f]{${HASH_LENGTH}}$`);

export function placeIdFor(country: CountryCode, providerId: string): string {
  const readable = `${country}-${providerId}`;
  // Length counts UTF-16 code units, never fewer than the characters the API counts.
  if (readable.length <= MAX_PLACE_ID_LENGTH && providerId !== '' && !UNSAFE.test(providerId) && !HASHED_SHAPE.test(providerId)) {
    return readable;
  }
  const digest = createHash('sha256').update(providerId, 'utf8').digest('hex').slice(0, HASH_LENGTH);
  return `${country}-h-${digest}`;
}

/** The country a place id belongs to, so the API can route a get-by-id to that country's snapshot. */
export function countryOfPlaceId(id: string): CountryCode | null {
  const dash = id.indexOf('-');
  if (dash === -1) return null;
  const prefix = id.slice(0, dash);
  return isCountryCode(prefix) ? prefix : null;
}
