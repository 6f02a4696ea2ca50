// The SQL of the name, rating and relevance orders, match=words|typo and facet counts (statements.ts holds the id order's).
import { equalityFilters, type SearchShape } from './statements.ts';

/** The equality filters on `places AS p`, a city slug that is also an alias finding the places it names too. */
export function filterClause(shape: SearchShape): string {
  const city = !shape.city
    ? ''
    : shape.cityAliases === true
      ? ' AND (p.city_slug = @city OR p.rowid IN (SELECT place_rowid FROM place_city_slugs WHERE slug = @city))'
      : ' AND p.city_slug = @city';
  return city + equalityFilters({ ...shape, city: false }, 'p.');
}

/** Literal q: the trigram index for three characters or more (@match), else a substring scan (@text). */
export function literalClause(trigram: boolean): string {
  return trigram ? ' AND p.rowid IN (SELECT rowid FROM places_fts WHERE places_fts MATCH @match)' : ' AND instr(p.search_text, @text) > 0';
}

/** Given places (@rowids, a JSON array) restricted to the filters. */
export const ROWIDS_CLAUSE = ' AND p.rowid IN (SELECT value FROM json_each(@rowids))';

/** The rowids a where clause selects, in rowid order. */
export const rowidsSql = (where: string): string => `SELECT p.rowid FROM places AS p WHERE 1${where} ORDER BY p.rowid`;

/** The rowids and sort keys a where clause selects. */
export const keyedRowidsSql = (where: string, key: string): string => `SELECT p.rowid, ${key} FROM places AS p WHERE 1${where}`;

/** A page in (key, rowid) order: the key's index walks in order, filters checked on the way; @key/@after resume. */
export function sortedPageSql(where: string, key: string, resume: boolean): string {
  const after = resume ? ` AND (${key}, p.rowid) > (@key, @after)` : '';
  return `SELECT p.id, p.place_json, ${key} FROM places AS p WHERE 1${after}${where} ORDER BY ${key}, p.rowid LIMIT @limit`;
}

/** The places' facet columns, for the counts held in memory (facet-columns.ts): each served by an index alone. */
export const FACET_COLUMNS_SQL = {
  cityTypeGroups: 'SELECT city_slug, lodging_type, count(*) FROM places GROUP BY city_slug, lodging_type ORDER BY city_slug, lodging_type',
  rowidsByCityType: 'SELECT rowid FROM places ORDER BY city_slug, lodging_type',
  whatsapp: 'SELECT rowid FROM places WHERE whatsapp = 1',
  verified: 'SELECT rowid FROM places WHERE verified = 1',
};
