// City and state values tidied by per-country data (data/cities/tidy.json, regions.json): one small pure rule each.
import tidy from '../../data/cities/tidy.json' with { type: 'json' };
import regions from '../../data/cities/regions.json' with { type: 'json' };
import type { CountryCode } from '../../model/place.ts';
import { foldText } from '../../model/fold-text.ts';

export type TidyRule = 'article-moved' | 'doubled-collapsed' | 'abbreviation-expanded';

/** Case, accents, punctuation and spacing ignored. */
function foldWords(text: string): string {
  return foldText(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const COUNTRIES: readonly CountryCode[] = ['es', 'fr', 'gb', 'pt'];
const byCountry = <T>(make: (country: CountryCode) => T): Record<CountryCode, T> =>
  Object.fromEntries(COUNTRIES.map((country) => [country, make(country)])) as Record<CountryCode, T>;

const ARTICLES = byCountry((country) => tidy.articles[country]);
/** "Orotava (La)", "Laguna, La", "Hospitalet (L')": the name, then the article in brackets or after a comma. */
const TRAILING_ARTICLE = byCountry((country) => {
  const alternatives = ARTICLES[country].map(escape).join('|');
  return new RegExp(`^(.+?)\\s*(?:\\(\\s*(${alternatives})\\s*\\)|,\\s*(${alternatives}))$`, 'iu');
});
/** The same shapes in a slug: "orotava-la" → "la-orotava". An apostrophe article is a slug word of its own ("l"). */
const SLUG_ARTICLE = byCountry((country) => {
  const words = [...new Set(ARTICLES[country].map((article) => foldWords(article)))].map(escape).join('|');
  return new RegExp(`^(.+)-(${words})$`);
});
const KEEP_DOUBLED: ReadonlySet<string> = new Set(tidy.keepDoubled.map(foldWords));
/** Each abbreviation with its pattern, compiled once: a whole word, at the start or after a space. */
const ABBREVIATIONS = byCountry((country) =>
  Object.entries(tidy.abbreviations[country] as Record<string, string>).map(([short, long]) => ({
    short,
    long,
    pattern: new RegExp(`(^|\\s)${escape(short)}(?=\\s|$)`, 'gu'),
  })),
);
const LOCALITIES = byCountry((country) => new Set(tidy.localities[country].map(foldWords)));
const REGIONS = byCountry((country) => new Set(regions[country].map(foldWords)));

/** An article written after the name moves to the front, spelled as the table writes it: "Orotava (La)" → "La Orotava". */
export function moveArticleToFront(city: string, country: CountryCode): string {
  const match = TRAILING_ARTICLE[country].exec(city.trim());
  if (match === null) return city;
  const name = match[1]!;
  const written = (match[2] ?? match[3])!;
  const article = ARTICLES[country].find((known) => known.toLowerCase() === written.toLowerCase()) ?? written;
  return article.endsWith("'") ? `${article}${name}` : `${article} ${name}`;
}

/** One name written twice collapses to one: "Eibar Eibar" → "Eibar", "Gipuzkoa Gipuzkoa" → "Gipuzkoa". */
export function collapseDoubled(value: string): string {
  const words = value.trim().split(/\s+/);
  if (words.length % 2 !== 0 || KEEP_DOUBLED.has(foldWords(value))) return value;
  const half = words.length / 2;
  const first = words.slice(0, half).join(' ');
  return foldWords(first) === foldWords(words.slice(half).join(' ')) ? first : value;
}

/** A known abbreviation expanded, only when the whole result is a known locality: "Pte. de Lima" → "Ponte de Lima". */
export function expandAbbreviation(city: string, country: CountryCode, isKnown: (name: string) => boolean): string {
  let expanded = city;
  for (const { short, long, pattern } of ABBREVIATIONS[country]) {
    // Most cities hold no abbreviation: a plain search rules it out before the pattern runs.
    if (expanded.includes(short)) expanded = expanded.replace(pattern, (_, space: string) => `${space}${long}`);
  }
  if (expanded === city) return city;
  return LOCALITIES[country].has(foldWords(expanded)) || isKnown(expanded) ? expanded : city;
}

/** Whether a value names a province, region, district or county of the country rather than a locality. */
export function isRegionName(value: string, country: CountryCode): boolean {
  return REGIONS[country].has(foldWords(value));
}

/** Every tidying rule in order; the rules that changed the value, for the record's issues. */
export function tidyCity(
  city: string,
  country: CountryCode,
  isKnown: (name: string) => boolean,
): { value: string; rules: TidyRule[] } {
  const rules: TidyRule[] = [];
  let value = city;
  const apply = (rule: TidyRule, next: string) => {
    if (next !== value) rules.push(rule);
    value = next;
  };
  apply('doubled-collapsed', collapseDoubled(value));
  apply('article-moved', moveArticleToFront(value, country));
  apply('abbreviation-expanded', expandAbbreviation(value, country, isKnown));
  return { value, rules };
}

/** The slug-level rules (article, doubled), so a slug made from the untidied value finds the tidied one. */
export function tidyCitySlug(slug: string, country: CountryCode): string {
  const words = slug.split('-');
  let tidied = slug;
  if (words.length % 2 === 0) {
    const half = words.length / 2;
    const first = words.slice(0, half).join('-');
    if (first === words.slice(half).join('-') && !KEEP_DOUBLED.has(words.join(' '))) tidied = first;
  }
  const match = SLUG_ARTICLE[country].exec(tidied);
  return match === null ? tidied : `${match[2]}-${match[1]}`;
}
