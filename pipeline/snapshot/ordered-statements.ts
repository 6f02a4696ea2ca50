// The SQL of the name, rating and relevance orders, match=words|typo and facet counts (statements.ts holds the id order's).
import { CITY_FACET_SIZE, type FacetName } from './reader-types.ts';
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

/** Counts of one facet over a where clause: the city facet holds the largest cities, ties by slug. */
export function facetSql(facet: FacetName, where: string): string {
  switch (facet) {
    case 'lodgingType':
      return `SELECT p.lodging_type, count(*) FROM places AS p WHERE 1${where} GROUP BY 1 ORDER BY 1`;
    case 'city':
      return `SELECT p.city_slug, count(*) FROM places AS p WHERE p.city_slug IS NOT NULL${where} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${CITY_FACET_SIZE}`;
    case 'whatsappEligible':
      return `SELECT p.whatsapp, count(*) FROM places AS p WHERE 1${where} GROUP BY 1 ORDER BY 1 DESC`;
    case 'verified':
      return `SELECT p.verified, count(*) FROM places AS p WHERE 1${where} GROUP BY 1 ORDER BY 1 DESC`;
  }
}
