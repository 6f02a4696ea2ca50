// The gazetteer's compact row format (data/gazetteer/<cc>.tsv.gz): one locality a line, written by bench/build-gazetteer.ts from GeoNames and read back here.
import { citySlug } from './city-slug.ts';

/** One locality: its official name, other names used to match it, where it is, and what GeoNames says it is. */
export interface GazetteerRow {
  name: string;
  lat: number;
  lng: number;
  /** GeoNames feature code: PPL (populated place), PPLA…PPLA4 (seat of an administrative division), PPLC (capital)… */
  feature: string;
  /** GeoNames admin1 code (es: autonomous community, fr: région, gb: nation, pt: district). */
  admin1: string;
  /** GeoNames admin2 code (es: province, fr: département, gb: county); empty when none. */
  admin2: string;
  /**
   * The GeoNames code of its municipality (MUNICIPALITY_LEVEL: es admin3, the INE municipality; fr admin4, the INSEE
   * commune; pt admin2, the concelho; gb admin2, the county or unitary authority, the finest level GeoNames fills
   * there): two localities with the same code are in one municipality. Empty when GeoNames gives none.
   */
  municipality: string;
  population: number;
  /** The slugs of its name: the name's own, and without a leading article ("el-masnou", "masnou"). */
  nameSlugs: string[];
  /** The slugs of its other Latin-script names (exonyms, older spellings, other languages' forms), none repeating nameSlugs. */
  otherSlugs: string[];
}

/** The slugs a name is looked up by: its own, and without a leading article of the country ("el-masnou", "masnou"). */
export function nameKeys(name: string, articles: RegExp): string[] {
  const slug = citySlug(name);
  if (slug === null) return [];
  const bare = slug.replace(articles, '');
  return bare === slug ? [slug] : [slug, bare];
}

/** The country's articles as the start of a slug ("el-", "l-", "les-"), never the whole slug. */
export function leadingArticles(articles: readonly string[]): RegExp {
  const words = [...new Set(articles.map((article) => citySlug(article)).filter((slug) => slug !== null))];
  return new RegExp(`^(?:${words.join('|')})-(?=.)`);
}

/** Feature codes of living localities; sections of a town (PPLX), historical, abandoned or destroyed places are left out. */
export const LOCALITY_FEATURES: ReadonlySet<string> = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLA5', 'PPLC', 'PPLF', 'PPLL', 'PPLR', 'PPLS']);

/** Letters of the Latin script (with their marks), spaces and the punctuation of place names. */
const LATIN_NAME = /^[\p{Script=Latin}\p{M}0-9 '’.,()\/-]+$/u;
/** An all-capitals word of up to four letters is a code (IATA "ILD", "BCN"), not a name. */
const CODE = /^[A-Z]{2,4}$/;
/** A name with no capital letter at all is a romanisation from another script ("ba sai long na"), not a spelling in use. */
const CAPITAL = /\p{Lu}/u;

/** A GeoNames name begins with a lower-case article in Catalan and French usage ("la Nucia", "el Masnou"): published with a capital. */
export function capitalised(name: string): string {
  return name.length === 0 ? name : name[0]!.toUpperCase() + name.slice(1);
}

/** Which GeoNames admin column (10 = admin1 … 13 = admin4) holds each country's municipality. */
export const MUNICIPALITY_LEVEL: Readonly<Record<string, number>> = { es: 12, fr: 13, pt: 11, gb: 11 };

/**
 * One line of GeoNames' cities file (tab-separated: geonameid, name, asciiname, alternatenames, latitude, longitude,
 * feature class, feature code, country code, cc2, admin1…admin4, population, …) as a row of the given country, or
 * null when it is another country's or not a living locality. `articles`: leadingArticles() of the country;
 * `officialNames`: geonameid → the locality's official name where GeoNames writes another (data/gazetteer/official-names.json),
 * GeoNames' own name then kept among its other names.
 */
export function rowFromGeoNames(line: string, country: string, articles: RegExp, officialNames: ReadonlyMap<string, string> = new Map()): GazetteerRow | null {
  const cells = line.split('\t');
  if (cells.length < 15 || cells[8] !== country.toUpperCase() || cells[6] !== 'P' || !LOCALITY_FEATURES.has(cells[7]!)) return null;
  const official = officialNames.get(cells[0]!);
  if (official !== undefined) cells[3] = `${cells[1]},${cells[3]}`;
  const name = capitalised((official ?? cells[1]!).trim());
  const lat = Number(cells[4]);
  const lng = Number(cells[5]);
  if (name === '' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const nameSlugs = nameKeys(name, articles);
  const slugs = new Set(nameSlugs);
  for (const alternate of [cells[2]!, ...cells[3]!.split(',')]) {
    const candidate = alternate.trim();
    if (candidate.length < 2 || !LATIN_NAME.test(candidate) || !CAPITAL.test(candidate) || CODE.test(candidate)) continue;
    for (const slug of nameKeys(candidate, articles)) slugs.add(slug);
  }
  return {
    name,
    lat,
    lng,
    feature: cells[7]!,
    // At least 15 cells (checked above): the admin columns are there, empty when GeoNames gives none.
    admin1: cells[10]!,
    admin2: cells[11]!,
    municipality: cells[MUNICIPALITY_LEVEL[country] ?? 11]!,
    population: Number(cells[14]) || 0,
    nameSlugs,
    otherSlugs: [...slugs].slice(nameSlugs.length),
  };
}

/** The columns of the compact file, in order; slugs are joined by `|`. */
export const COLUMNS = ['name', 'lat', 'lng', 'feature', 'admin1', 'admin2', 'municipality', 'population', 'nameSlugs', 'otherSlugs'] as const;

export function formatRow(row: GazetteerRow): string {
  return [row.name, row.lat.toFixed(5), row.lng.toFixed(5), row.feature, row.admin1, row.admin2, row.municipality, String(row.population), row.nameSlugs.join('|'), row.otherSlugs.join('|')].join('\t');
}

/** A line of the compact file back into a row; a line with too few columns (a damaged file) throws with its number. */
export function parseRow(line: string, lineNumber: number, source: string): GazetteerRow {
  const cells = line.split('\t');
  if (cells.length !== COLUMNS.length) throw new Error(`${source}:${lineNumber}: expected ${COLUMNS.length} columns, got ${cells.length}`);
  return {
    name: cells[0]!,
    lat: Number(cells[1]),
    lng: Number(cells[2]),
    feature: cells[3]!,
    admin1: cells[4]!,
    admin2: cells[5]!,
    municipality: cells[6]!,
    population: Number(cells[7]),
    nameSlugs: cells[8] === '' ? [] : cells[8]!.split('|'),
    otherSlugs: cells[9] === '' ? [] : cells[9]!.split('|'),
  };
}
