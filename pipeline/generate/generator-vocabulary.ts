// The shape of a country's generator vocabulary and the lookup by country; the values live in vocabulary/<cc>.ts.
import type { CountryCode, LodgingType } from '../snapshot/public-place.ts';
import { ES_VOCABULARY } from './vocabulary/es.ts';
import { FR_VOCABULARY } from './vocabulary/fr.ts';
import { GB_VOCABULARY } from './vocabulary/gb.ts';
import { PT_VOCABULARY } from './vocabulary/pt.ts';

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

export const VOCABULARIES: Record<CountryCode, CountryVocabulary> = {
  es: ES_VOCABULARY,
  gb: GB_VOCABULARY,
  fr: FR_VOCABULARY,
  pt: PT_VOCABULARY,
};

export function vocabularyFor(country: CountryCode): CountryVocabulary {
  return VOCABULARIES[country];
}

/** Websites that are not public URLs: the URL rules must drop every one (`{slug}` is the place's slug). */
export const NON_PUBLIC_WEBSITES: readonly string[] = [
  'http://localhost:8080/{slug}',
  'http://127.0.0.1/{slug}',
  'http://192.168.1.20/reservas',
  'http://{slug}.local/',
  'https://{slug}.internal/',
  'https://www.{slug}.com:8443/',
  'ftp://ftp.{slug}.com/',
  'http://admin:secret@{slug}.com/',
  'www.{slug}',
  'http://[::1]/',
];

/** Map links: most on the provider's map hosts, some elsewhere. */
export const MAP_HOST_URLS: readonly string[] = [
  'https://www.google.com/maps?cid={digits}',
  'https://maps.google.com/?cid={digits}',
  'https://goo.gl/maps/{code}',
  'https://maps.app.goo.gl/{code}',
];
export const OFF_MAP_URLS: readonly string[] = [
  'https://sites.google.com/view/{slug}/',
  'https://www.openstreetmap.org/node/{digits}',
  'http://localhost/maps?cid={digits}',
];

/** Addresses that are not e-mail addresses, or not on a public domain. */
export const BAD_EMAILS: readonly string[] = [
  'info@{slug}',
  'reservas@@{slug}.com',
  'info at {slug}.com',
  'contact@localhost',
  '{slug}.com',
  'booking@{slug}.local',
];

/** Lines that are not a listing: broken JSON, and JSON that is not an object. */
export const BAD_LINES: readonly string[] = [
  '{"providerId": "{id}", "name": "{name}", "categories": ["Hotel"',
  "{'providerId': '{id}', 'name': '{name}'}",
  '<html><body>502 Bad Gateway</body></html>',
  '{"providerId": "{id}", "name": "{name}",}',
  '"{name}"',
  '[{"providerId": "{id}"}]',
  'NaN',
  '{"providerId": "{id}", "name": "{name}"}}',
];
