// The generator vocabulary by country (words are data: data/generator/<cc>.json), and the values the rules must drop.
import es from '../../data/generator/es.json' with { type: 'json' };
import fr from '../../data/generator/fr.json' with { type: 'json' };
import gb from '../../data/generator/gb.json' with { type: 'json' };
import pt from '../../data/generator/pt.json' with { type: 'json' };
import type { CountryCode } from '../../model/place.ts';
import type { CountryVocabulary } from './country-vocabulary.ts';

/** The data files' shape is checked against CountryVocabulary by the compiler (string unions aside). */
function vocabulary(data: Omit<CountryVocabulary, 'country' | 'families' | 'numberStyle'> & Record<string, unknown>): CountryVocabulary {
  return data as unknown as CountryVocabulary;
}

export const VOCABULARIES: Record<CountryCode, CountryVocabulary> = {
  es: vocabulary(es),
  gb: vocabulary(gb),
  fr: vocabulary(fr),
  pt: vocabulary(pt),
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
