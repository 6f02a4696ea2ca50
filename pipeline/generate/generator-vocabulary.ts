// The generator vocabulary by country, and the shared lists of values the rules must drop.
import type { CountryCode } from '../../model/place.ts';
import type { CountryVocabulary } from './country-vocabulary.ts';
import { ES_VOCABULARY } from './vocabulary/es.ts';
import { FR_VOCABULARY } from './vocabulary/fr.ts';
import { GB_VOCABULARY } from './vocabulary/gb.ts';
import { PT_VOCABULARY } from './vocabulary/pt.ts';

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
