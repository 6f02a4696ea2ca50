// The shape of a country's generator vocabulary; the values live in vocabulary/<cc>.ts.
import type { CountryCode, LodgingType } from '../../model/place.ts';

export interface CityEntry {
  city: string;
  state: string | null;
  /** Postal code pattern: `#` a digit, `A` a capital letter, anything else kept. */
  postal: string;
  lat: number;
  lng: number;
}

/** One lodging kind: the labels a provider writes for it (singular, plural, variants) and words for names. */
export interface LabelFamily {
  type: LodgingType;
  /** How common the kind is in an export, relative to the others. */
  weight: number;
  labels: readonly string[];
  nameWords: readonly string[];
}

export interface PhonePrefixes {
  /** National significant number prefixes (no trunk 0) and the total national length. */
  landline: readonly string[];
  mobile: readonly string[];
  /** Toll-free, shared-cost and other non-geographic ranges: valid numbers of type "other". */
  special: readonly string[];
  nationalLength: number;
}

export interface CountryVocabulary {
  country: CountryCode;
  /** As written at the end of a one-line address ("España"). */
  countryName: string;
  cities: readonly CityEntry[];
  families: readonly LabelFamily[];
  /** Star, key, palm classes: known labels that name no kind of place. */
  qualityLabels: readonly string[];
  /** Lodging labels in another language, as real listings mix them. */
  foreignLabels: readonly string[];
  /** Labels of places that are not lodging; a listing with only these is rejected. */
  nonLodgingLabels: readonly string[];
  /** A small, bounded set no label table knows, so the unknown-label counter stays short. */
  unknownLabels: readonly string[];
  nameParts: readonly string[];
  streets: readonly string[];
  idPrefixes: readonly string[];
  tlds: readonly string[];
  /** Tourism portals that list the place under a path of their own. */
  portals: readonly string[];
  emailUsers: readonly string[];
  phones: PhonePrefixes;
  /** Day labels for openingHours, Monday first, in the country's language. */
  days: readonly string[];
  closedText: string;
  open24Text: string;
  /** Opening hours text no parser can read ("see website"). */
  unreadableHours: string;
  /** How the provider writes ratings and review counts in this country. */
  numberStyle: 'comma-decimal' | 'dot-decimal';
}
