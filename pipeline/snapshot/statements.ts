// The SQL a snapshot runs: schema sections from schema.sql, the builder's writes, and the reader's queries.
import { readFileSync } from 'node:fs';
import { projectFile } from '../../platform/project-files.ts';

export type SchemaSection =
  | 'build'
  | 'records'
  | 'records-indexes'
  | 'places'
  | 'places-indexes'
  | 'search-trigrams'
  | 'search-trigrams-one-column'
  | 'city-aliases'
  | 'search-words'
  | 'geo-rtree';

let sections: Map<string, string> | undefined;

/** One `-- @section name` part of schema.sql, ready for `db.exec`. */
export function schemaSection(name: SchemaSection): string {
  sections ??= splitSections(readFileSync(projectFile('pipeline/snapshot/schema.sql'), 'utf8'));
  const sql = sections.get(name);
  if (sql === undefined) throw new Error(`schema.sql has no section "${name}"`);
  return sql;
}

function splitSections(text: string): Map<string, string> {
  const found = new Map<string, string>();
  const parts = text.split(/^-- @section (\S+)[ \t]*$/m);
  for (let i = 1; i + 1 < parts.length; i += 2) found.set(parts[i]!, parts[i + 1]!);
  return found;
}

/** Bumped whenever schema.sql changes shape, or what a column holds; stored in meta. */
export const SCHEMA_VERSION = '9';
/** The files before 9 held the trigram index over the whole search text in one column: still read, and served (snapshot-file-check.ts). */
export const ONE_COLUMN_FTS_SCHEMA_VERSION = '8';
/** The files before 8 held places_geo, an R*Tree of the located places' points, beside the grid: still read, and served (snapshot-file-check.ts). */
export const GEO_RTREE_SCHEMA_VERSION = '7';
/** The files before 7 stored the word index's rowids as int32 arrays, not as gaps: still read, and served (word-postings.ts). */
export const INT32_ROWIDS_SCHEMA_VERSION = '6';
/** The files before 6 stored each place's JSON whole in places.place_json: still read, and served (snapshot-file-check.ts). */
export const PLACE_JSON_SCHEMA_VERSION = '5';
/** The files before 5 held the records section's tables themselves: still read, and served (snapshot-file-check.ts). */
export const RECORDS_INSIDE_SCHEMA_VERSION = '4';

// Keep in step with ListingRecord.columns (listing-record.ts), which holds every column but the last.
const LISTING_COLUMN_NAMES = [
  'id', 'provider_id', 'status', 'place_hash', 'geo_lat', 'geo_lng', 'name_key', 'rating_key', 'words', 'reasons', 'issues',
  'summary', 'place', 'city_slug', 'lodging_type', 'whatsapp', 'verified', 'search_text', 'crawled_at', 'source_file',
  'source_file_index', 'source_line', 'import_run',
] as const;
const LISTING_COLUMNS = LISTING_COLUMN_NAMES.join(', ');
const LISTING_VALUES = LISTING_COLUMN_NAMES.map(() => '?').join(', ');

/** Where a column stands in a listing's row (ListingRecord.columns, then the run). */
export const listingColumnAt = (name: (typeof LISTING_COLUMN_NAMES)[number]): number => LISTING_COLUMN_NAMES.indexOf(name);

/**
 * The served places joined with their records, whose `place` is each served place's JSON (places.place_json holds
 * its stored text: model/served-place-text.ts): what the builder reads a place's fields from once places are filled.
 */
const PLACES_WITH_JSON = 'places AS p JOIN listings AS l ON l.id = p.id';

/** Each located place's rowid and coordinates in 1e-7 degree (see geo_grid in schema.sql), in rowid order. */
const GEO_POINTS = `SELECT p.rowid, l.geo_lat, l.geo_lng FROM ${PLACES_WITH_JSON} WHERE l.geo_lat IS NOT NULL ORDER BY p.rowid`;

/** sort=name's key of a place JSON column, for files without stored keys: sort_name() is registered by their readers. */
export const NAME_KEY_OF = (column: string): string => `sort_name(json_extract(${column}, '$.name'))`;
/** sort=rating's key: best first as the smallest, unrated (null) after every rating. */
export const RATING_KEY_OF = (column: string): string => `coalesce(-json_extract(${column}, '$.rating'), 1)`;

export const BUILD_SQL = {
  insertMeta: 'INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)',
  /** Changes nothing when the id is taken: the caller then compares sources (duplicates are rare). */
  insertListing: `INSERT INTO listings (${LISTING_COLUMNS}) VALUES (${LISTING_VALUES}) ON CONFLICT (id) DO NOTHING`,
  replaceListing: `REPLACE INTO listings (${LISTING_COLUMNS}) VALUES (${LISTING_VALUES})`,
  selectHolder: 'SELECT source_file, source_file_index, source_line, summary FROM listings WHERE id = ?',
  insertRejectedLine: 'INSERT INTO rejected_lines (file, file_index, line, reason, excerpt) VALUES (?, ?, ?, ?, ?)',
  /**
   * ORDER BY id makes rowid order id order, which the reader's keyset pages rely on. stored_place_text() is registered
   * by the builder (place-text-sql.ts): a row keeps its place's values, its keys are put back when it is read.
   */
  fillPlaces: `INSERT INTO places (id, city_slug, lodging_type, whatsapp, verified, place_json, search_text, name_key, rating_key)
    SELECT id, city_slug, lodging_type, whatsapp, verified, stored_place_text(place), search_text, name_key, rating_key
    FROM listings WHERE status = 'published' AND id NOT IN (SELECT id FROM same_place_duplicates) ORDER BY id`,
  /** Each served place's seal inputs (seal-inputs.ts) the served tables are filled from, in rowid (so id) order. */
  selectSealInputs: `SELECT p.rowid, p.id, l.place_hash, l.geo_lat, l.geo_lng, l.words FROM ${PLACES_WITH_JSON} ORDER BY p.rowid`,
  /** Each served place's words for the word index (word-postings.ts placeWordsText), in rowid order. */
  selectPlaceWords: `SELECT p.rowid, l.words FROM ${PLACES_WITH_JSON} ORDER BY p.rowid`,
  insertSearchWord: 'INSERT INTO search_words (word, name_rowids, city_rowids, label_rowids) VALUES (?, ?, ?, ?)',
  insertSamePlaceDuplicate: 'INSERT INTO same_place_duplicates (id, kept_id, matched_id, signals, metres) VALUES (?, ?, ?, ?, ?)',
  selectListingName: "SELECT json_extract(place, '$.name') FROM listings WHERE id = ?",
  /**
   * FTS5 flushes its in-memory index every `hashsize` bytes (1 MiB by default): 64 MiB halves the build time and
   * leaves a few segments, which query as fast as one (so no 'optimize', which would cost seconds more).
   */
  setFtsHashSize: "INSERT INTO places_fts (places_fts, rank) VALUES ('hashsize', 67108864)",
  /** The trigram index's columns, in order: each is a line of the search text, the last any lines beyond it. */
  selectFtsColumns: "SELECT name FROM pragma_table_info('places_fts') ORDER BY cid",
  insertGeoGrid: 'INSERT INTO geo_grid (rowids, lats, lngs) VALUES (?, ?, ?)',
  /** The change hash each record carries (place-hash.ts; portal-websites.ts makes it again for a place it changes). */
  insertPlaceHash: 'INSERT INTO place_hashes (id, hash) VALUES (?, ?)',
  countPlaces: 'SELECT count(*) FROM places',
  /** The last place's rowid, 0 when none: no fewer than the places (fill-from-seal-inputs.ts sizes the grid's columns by it). */
  selectLastPlaceRowid: 'SELECT coalesce(max(rowid), 0) FROM places',
  insertCityAlias: 'INSERT OR IGNORE INTO listing_city_slugs (listing_id, slug) VALUES (?, ?)',
  deleteCityAliases: 'DELETE FROM listing_city_slugs WHERE listing_id = ?',
  /** Only published listings reach places: the join drops the aliases of any other. */
  fillPlaceCitySlugs: `INSERT INTO place_city_slugs (slug, place_rowid)
    SELECT a.slug, p.rowid FROM listing_city_slugs AS a JOIN places AS p ON p.id = a.listing_id`,
  /**
   * Full statistics of the served table only (about 0.5 s per million places): with value histograms the planner
   * picks the rarer of two filters; sampled statistics (analysis_limit) made every boolean look selective.
   */
  analyzePlaces: 'ANALYZE places',
} as const;

/**
 * Fills the trigram index with each place's search text a line a column (search_text_line() is registered by the
 * builder: search-text.ts), the last column holding the lines beyond the others.
 */
export function fillPlacesFtsSql(columns: readonly string[]): string {
  const lines = columns.map((_, index) => `search_text_line(search_text, ${index}, ${index === columns.length - 1 ? 1 : 0})`);
  return `INSERT INTO places_fts (rowid, ${columns.join(', ')}) SELECT rowid, ${lines.join(', ')} FROM places`;
}

export const READ_SQL = {
  selectMeta: 'SELECT value FROM meta WHERE key = ?',
  selectPlace: 'SELECT place_json FROM places WHERE id = ?',
  /** A file built before the word index was stored: its places' searchable fields, read from each row (served_json: place-text-sql.ts). */
  selectLegacyPlaceWords: `SELECT rowid, json_extract(j, '$.name') AS name, json_extract(j, '$.legalName') AS legalName,
    json_extract(j, '$.address.city') AS city, json_extract(j, '$.lodgingTypes') AS labels
    FROM (SELECT rowid, served_json(place_json) AS j FROM places ORDER BY rowid LIMIT -1) ORDER BY rowid`,
  selectKeptId: 'SELECT kept_id FROM same_place_duplicates WHERE id = ?',
  selectHasSamePlaceTable: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'same_place_duplicates'",
  /** The rowid a keyset page continues after: the last place whose id is not above afterId (0 when none). */
  selectRowidAtOrBefore: 'SELECT rowid FROM places WHERE id <= ? ORDER BY id DESC LIMIT 1',
  /** Whether any place is also found by this city slug (snapshots built before place_city_slugs have none). */
  selectCityAliasExists: 'SELECT 1 FROM place_city_slugs WHERE slug = ? LIMIT 1',
  selectHasCityAliasTable: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'place_city_slugs'",
} as const;

/** Which filters a search uses, and how q is matched: each shape gets its own prepared statement. */
export interface SearchShape {
  city: boolean;
  lodgingType: boolean;
  whatsapp: boolean;
  verified: boolean;
  /** The city slug is also an alias of some places (place_city_slugs): they are read beside those stored under it. */
  cityAliases?: boolean;
  /** trigram: the FTS index drives the scan; substring: instr() over the rows the other filters select. */
  text: 'none' | 'substring' | 'trigram';
}

export function searchShapeKey(shape: SearchShape): string {
  return [shape.city, shape.lodgingType, shape.whatsapp, shape.verified, shape.city && shape.cityAliases === true].map(Number).join('') + shape.text;
}

/** Named parameters: @after (rowid), @city, @lodgingType, @whatsapp, @verified, @text or @match, @limit. */
export function searchSql(shape: SearchShape): string {
  if (shape.city && shape.cityAliases === true) return aliasSearchSql(shape);
  if (shape.text === 'trigram') {
    // CROSS JOIN keeps the FTS table outermost: it yields rowids in order, so LIMIT stops the scan early.
    return `SELECT p.id, p.place_json FROM places_fts CROSS JOIN places AS p ON p.rowid = places_fts.rowid
      WHERE places_fts MATCH @match AND places_fts.rowid > @after${equalityFilters(shape, 'p.')}
      ORDER BY places_fts.rowid LIMIT @limit`;
  }
  const text = shape.text === 'substring' ? ' AND instr(search_text, @text) > 0' : '';
  return `SELECT id, place_json FROM places WHERE rowid > @after${equalityFilters(shape, '')}${text}
    ORDER BY rowid LIMIT @limit`;
}

/** Counts, up to @cap, the rows the equality filters select: tells whether they or the FTS index should drive. */
export function countUpToSql(shape: SearchShape): string {
  if (shape.city && shape.cityAliases === true) {
    return `SELECT count(*) FROM (${storedCitySql(shape, '1')} UNION ALL ${aliasCitySql(shape, '1')} LIMIT @cap)`;
  }
  return `SELECT count(*) FROM (SELECT 1 FROM places WHERE rowid > @after${equalityFilters(shape, '')} LIMIT @cap)`;
}

/**
 * A city slug that is also an alias: the places stored under it and those found by it as an alias, merged in rowid
 * order (each side seeks to the cursor in its own index, so the merge needs no sort). A place never has its own
 * slug as an alias, so the sides do not overlap. With trigram q the FTS index drives and the city is a lookup.
 */
function aliasSearchSql(shape: SearchShape): string {
  if (shape.text === 'trigram') {
    return `SELECT p.id, p.place_json FROM places_fts CROSS JOIN places AS p ON p.rowid = places_fts.rowid
      WHERE places_fts MATCH @match AND places_fts.rowid > @after
      AND (p.city_slug = @city OR p.rowid IN (SELECT place_rowid FROM place_city_slugs WHERE slug = @city))${equalityFilters({ ...shape, city: false }, 'p.')}
      ORDER BY places_fts.rowid LIMIT @limit`;
  }
  return `${storedCitySql(shape, 'id, place_json, rowid AS r')} UNION ALL ${aliasCitySql(shape, 'p.id, p.place_json, a.place_rowid AS r')}
    ORDER BY r LIMIT @limit`;
}

function storedCitySql(shape: SearchShape, columns: string): string {
  const text = shape.text === 'substring' ? ' AND instr(search_text, @text) > 0' : '';
  return `SELECT ${columns} FROM places WHERE rowid > @after${equalityFilters(shape, '')}${text}`;
}

function aliasCitySql(shape: SearchShape, columns: string): string {
  const text = shape.text === 'substring' ? ' AND instr(p.search_text, @text) > 0' : '';
  return `SELECT ${columns} FROM place_city_slugs AS a CROSS JOIN places AS p ON p.rowid = a.place_rowid
    WHERE a.slug = @city AND a.place_rowid > @after${equalityFilters({ ...shape, city: false }, 'p.')}${text}`;
}

export function equalityFilters(shape: SearchShape, alias: string): string {
  let sql = '';
  if (shape.city) sql += ` AND ${alias}city_slug = @city`;
  if (shape.lodgingType) sql += ` AND ${alias}lodging_type = @lodgingType`;
  if (shape.whatsapp) sql += ` AND ${alias}whatsapp = @whatsapp`;
  if (shape.verified) sql += ` AND ${alias}verified = @verified`;
  return sql;
}

/** The text filter of geo searches: a substring of the folded search text (the area already narrows the rows). */
const geoText = (shape: SearchShape): string => (shape.text === 'none' ? '' : ' AND instr(p.search_text, @text) > 0');
export const withFilters = (shape: SearchShape): boolean =>
  shape.city || shape.lodgingType || shape.whatsapp || shape.verified || shape.text !== 'none';

/** Of the near candidates (@rowids, a JSON array), those passing the filters. */
export function nearFilterSql(shape: SearchShape): string {
  return `SELECT p.rowid FROM places AS p WHERE p.rowid IN (SELECT value FROM json_each(@rowids))${equalityFilters(shape, 'p.')}${geoText(shape)}`;
}

/**
 * The rows a geo walk steps through, in id order from @after, at most @limit, each with whether it passes the filters
 * (the area is the caller's check): every row the walk reads comes back, so each is counted against the row budget.
 * The equality filters' index drives it, the q check on each row; with trigram, the FTS index drives and the row checks both.
 */
export function geoWalkSql(shape: SearchShape): string {
  const text = 'instr(p.search_text, @text) > 0';
  if (shape.text === 'trigram') {
    return `SELECT p.rowid, 1${equalityFilters(shape, 'p.')} AND ${text} FROM places_fts CROSS JOIN places AS p ON p.rowid = places_fts.rowid
      WHERE places_fts MATCH @match AND places_fts.rowid > @after ORDER BY places_fts.rowid LIMIT @limit`;
  }
  return `SELECT p.rowid, ${shape.text === 'substring' ? text : '1'} FROM places AS p WHERE p.rowid > @after${equalityFilters(shape, 'p.')}
    ORDER BY p.rowid LIMIT @limit`;
}

/** The places of a near page, by rowid (a JSON array), in one statement; and every located place, for the grid. */
export const SELECT_PLACES_BY_ROWIDS = 'SELECT rowid, id, place_json FROM places WHERE rowid IN (SELECT value FROM json_each(?))';
/** The id alone, for the places tied with a near cursor's distance. */
export const SELECT_PLACE_ID_BY_ROWID = 'SELECT id FROM places WHERE rowid = ?';
/** Files of schema version 7 and before without geo_grid: the grid's points from the R*Tree. */
export const SELECT_GEO_POINTS = 'SELECT id, min_lat, min_lng FROM places_geo';
export const SELECT_GEO_GRID = 'SELECT rowids, lats, lngs FROM geo_grid';

/** Snapshots written before places_geo and geo_grid existed: the same columns from the stored JSON (a full scan, but correct). */
export const LEGACY_GEO_VIEW = `CREATE TEMP VIEW places_geo AS SELECT id, lat AS min_lat, lat AS max_lat, lng AS min_lng, lng AS max_lng
  FROM (${GEO_POINTS})`;

/** The id @skip rows past @after in one side's place_hashes: where a chunk of the change walk ends (none: the side ends first). */
export const nthHashIdSql = (schema: 'main' | 'old'): string =>
  `SELECT id FROM ${schema}.place_hashes WHERE id > @after ORDER BY id LIMIT 1 OFFSET @skip`;

/** Ids that differ between the snapshot `old` (attached) and `main`, from @after (excluded) to @upto (included, when bounded), in id order. */
export function changesChunkSql(bounded: boolean): string {
  const upto = (alias: string) => (bounded ? ` AND ${alias}.id <= @upto` : '');
  return `SELECT id, change FROM (
    SELECT n.id AS id, CASE WHEN o.id IS NULL THEN 'added' ELSE 'changed' END AS change
      FROM main.place_hashes AS n LEFT JOIN old.place_hashes AS o ON o.id = n.id
      WHERE n.id > @after${upto('n')} AND (o.id IS NULL OR o.hash <> n.hash)
    UNION ALL
    SELECT o.id, 'removed' FROM old.place_hashes AS o
      WHERE o.id > @after${upto('o')} AND NOT EXISTS (SELECT 1 FROM main.place_hashes AS n WHERE n.id = o.id)
  ) ORDER BY id`;
}

/** The served JSON of each id in `main` and, for changed ones, in `old` (attached): the change feed's include=fields. */
export const CHANGE_RECORDS_SQL = `SELECT c.value, served_json(n.place_json), served_json(o.place_json)
  FROM json_each(@ids) AS c LEFT JOIN main.places AS n ON n.id = c.value LEFT JOIN old.places AS o ON o.id = c.value`;

/** Of the removed ids given, those merged into a place `main` serves (same_place_duplicates), with the kept id. */
export const CHANGE_REPLACED_BY_SQL = `SELECT d.id, d.kept_id
  FROM json_each(@ids) AS c JOIN main.same_place_duplicates AS d ON d.id = c.value JOIN main.places AS k ON k.id = d.kept_id`;

/** Whether `main` records same-place duplicates (snapshots built before that pass do not). */
export const HAS_SAME_PLACE_TABLE_SQL = "SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = 'same_place_duplicates'";
