// What the same-place matcher compares of a published listing: its name's distinctive words, point, phones, website host, city.
import words from '../../data/names/place-match-words.json' with { type: 'json' };
import { foldText } from '../../model/fold-text.ts';
import { urlHost } from '../../model/url-host.ts';
import type { StoredPlace } from '../../model/place.ts';

export interface PlaceMatchKey {
  id: string;
  /** The name's distinctive words (articles and generic words left out), sorted and deduplicated. */
  words: string[];
  /** The name's numbering words and digits ("ii", "2"), sorted: twins differ here. */
  numbering: string[];
  /** Coordinates in degrees, or null. */
  lat: number | null;
  lng: number | null;
  /** Every E.164 number of the place. */
  phones: string[];
  /** The website's host without "www.", lower case, or null. */
  host: string | null;
  citySlug: string | null;
}

const ARTICLES: ReadonlySet<string> = new Set(words.articles);
const GENERIC: ReadonlySet<string> = new Set(words.generic);
const NUMBERING: ReadonlySet<string> = new Set(words.numbering);
const DIGITS = /^[0-9]+$/;
const ASCII = /^[\x00-\x7f]*$/;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
const ASCII_SEPARATORS = /[^A-Za-z0-9]+/;

/** "Càmping La Fageda II" → words ["fageda"], numbering ["ii"]. */
export function nameWords(name: string | null): { words: string[]; numbering: string[] } {
  const folded = foldText(name ?? '').replace(/&/g, ' and ');
  // Plain ASCII has no letters or digits beyond A-Z, a-z and 0-9: the same split without Unicode classes.
  const tokens = folded.split(ASCII.test(folded) ? ASCII_SEPARATORS : SEPARATORS).filter((token) => token !== '');
  const distinctive = new Set<string>();
  const numbering = new Set<string>();
  for (const token of tokens) {
    if (NUMBERING.has(token) || DIGITS.test(token)) numbering.add(token.replace(/^0+(?=.)/, ''));
    else if (!ARTICLES.has(token) && !GENERIC.has(token)) distinctive.add(token);
  }
  return { words: [...distinctive].sort(), numbering: [...numbering].sort() };
}

/** The host of a published website (always `http(s)://host…`, normalise/urls.ts), without "www." and a final dot. */
export function hostOf(website: string | null): string | null {
  const host = website === null ? null : urlHost(website)?.toLowerCase();
  if (host == null) return null;
  const bare = host.startsWith('www.') ? host.slice(4) : host;
  const trimmed = bare.endsWith('.') ? bare.slice(0, -1) : bare;
  return trimmed === '' ? null : trimmed;
}

export function placeMatchKey(place: StoredPlace, citySlug: string | null): PlaceMatchKey {
  const phones = [place.phone, ...place.additionalPhones.map((p) => p.phone)].filter((p): p is string => p !== null);
  return {
    id: place.id,
    ...nameWords(place.name),
    lat: place.location?.latitude ?? null,
    lng: place.location?.longitude ?? null,
    phones: [...new Set(phones)],
    host: hostOf(place.website),
    citySlug,
  };
}

/**
 * A key as the build's store holds it (snapshot/match-key-store.ts), its id aside: the name's distinctive words and its
 * numbering each as one text (words never hold a space, so equal names have equal texts; null words for a name without
 * distinctive words), the point, every phone, the host and the city. Made where the record is made, so the writing
 * thread inserts it as it comes.
 */
export type MatchKeyColumns = [words: string | null, numbering: string, lat: number | null, lng: number | null, phones: string[], host: string | null, citySlug: string | null];

export function matchKeyColumns(key: PlaceMatchKey): MatchKeyColumns {
  return [key.words.length === 0 ? null : key.words.join(' '), key.numbering.join(' '), key.lat, key.lng, key.phones, key.host, key.citySlug];
}
