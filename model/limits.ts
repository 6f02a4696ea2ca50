// Every limit, one home (the public contract's and every bound on what the system accepts): the pipeline enforces them, REST and MCP validate with them, OpenAPI
// and the MCP schemas state them. Change a number here and every surface follows (and the tests of each say so).

/** Further distinct valid numbers kept in Place.additionalPhones (the data rules, docs/data-rules.md); more are dropped and reported. */
export const MAX_ADDITIONAL_PHONES = 20;

/** Provider category labels kept in Place.lodgingTypes; more are dropped and reported. */
export const MAX_LODGING_LABELS = 50;

/** A place id's length in characters; longer or unsafe ids are hashed by the pipeline, refused by the API. */
export const MAX_PLACE_ID_LENGTH = 300;

/** City slugs: lower-case ASCII words joined by single hyphens ("A Coruña" → "a-coruna"). */
export const CITY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The `q` search text, in characters. */
export const MAX_Q_LENGTH = 100;

/** A page cursor, in characters. */
export const MAX_CURSOR_LENGTH = 2048;

/** Places per page: default and maximum of `limit`. */
export const DEFAULT_PAGE_LIMIT = 25;
export const MAX_PAGE_LIMIT = 100;

/** Suggestions per answer (GET /api/v1/places/suggest): default and maximum of its `limit`. */
export const DEFAULT_SUGGEST_LIMIT = 5;
export const MAX_SUGGEST_LIMIT = 10;

/** A published URL (website, sourceMapsUrl), in characters. */
export const MAX_URL_LENGTH = 2048;

/** The listing provider's rating scale. */
export const MIN_RATING = 0;
export const MAX_RATING = 5;

// Input bounds: export lines and listing fields.

/** An export line longer than this (in bytes, before decoding) is rejected as `line-too-long`, never buffered whole. */
export const MAX_LINE_BYTES = 1024 * 1024;

/** Objects and arrays nested deeper than this anywhere in a line: the line is rejected as `too-deeply-nested`. */
export const MAX_NESTING_DEPTH = 32;

/** How many bytes of a rejected over-long line the report quotes. */
export const LINE_EXCERPT_BYTES = 160;

/**
 * What happens to a listing whose field is over its bound: `reject` refuses the whole listing (reason
 * `field-too-long: <field>`), `drop` publishes the listing without that optional value and counts a `too-long` issue.
 */
export type OverBound = 'reject' | 'drop';

export interface FieldBound {
  /** The provider field, as in the export (`address.city`, `categories[]` for each item). */
  field: string;
  /** Most characters (UTF-16 code units) a string may hold; for `items` bounds, most array items / object entries. */
  max: number;
  kind: 'chars' | 'items';
  over: OverBound;
}

/** The per-field table; docs/data-rules.md, "Input bounds" is this one. */
export const FIELD_BOUNDS: readonly FieldBound[] = [
  { field: 'providerId', max: 500, kind: 'chars', over: 'reject' },
  { field: 'name', max: 200, kind: 'chars', over: 'reject' },
  { field: 'legalName', max: 200, kind: 'chars', over: 'reject' },
  { field: 'categories', max: 500, kind: 'items', over: 'reject' },
  { field: 'categories[]', max: 100, kind: 'chars', over: 'reject' },
  { field: 'fullAddress', max: 500, kind: 'chars', over: 'reject' },
  { field: 'address.*', max: 200, kind: 'chars', over: 'reject' },
  { field: 'phones', max: 100, kind: 'items', over: 'reject' },
  { field: 'whatsappCheck', max: 100, kind: 'items', over: 'reject' },
  { field: 'openingHours', max: 50, kind: 'items', over: 'reject' },
  { field: 'openingHours.*', max: 200, kind: 'chars', over: 'reject' },
  { field: 'phone', max: 100, kind: 'chars', over: 'drop' },
  { field: 'phones[]', max: 100, kind: 'chars', over: 'drop' },
  { field: 'website', max: MAX_URL_LENGTH, kind: 'chars', over: 'drop' },
  { field: 'mapsUrl', max: MAX_URL_LENGTH, kind: 'chars', over: 'drop' },
  { field: 'email', max: 254, kind: 'chars', over: 'drop' },
  { field: 'rating', max: 32, kind: 'chars', over: 'drop' },
  { field: 'reviewCount', max: 32, kind: 'chars', over: 'drop' },
  { field: 'businessStatus', max: 64, kind: 'chars', over: 'drop' },
  { field: 'crawledAt', max: 64, kind: 'chars', over: 'drop' },
];


// Import caps: what one import may read before it stops (the run fails, nothing is published, no candidate is held).

/** Bytes an import may read after decompression, over all its files (LODGING_IMPORT_MAX_DECOMPRESSED_BYTES). */
export const DEFAULT_IMPORT_MAX_DECOMPRESSED_BYTES = 8 * 1024 ** 3;

/** Lines an import may read, over all its files (LODGING_IMPORT_MAX_LINES). */
export const DEFAULT_IMPORT_MAX_LINES = 5_000_000;

/** Decompressed bytes per compressed byte a gzip file may reach (LODGING_IMPORT_MAX_COMPRESSION_RATIO); real exports run near 10. */
export const DEFAULT_IMPORT_MAX_COMPRESSION_RATIO = 100;

/** The compression ratio is judged once this many bytes were decompressed from one file (small files may compress well). */
export const COMPRESSION_RATIO_CHECKED_FROM_BYTES = 8 * 1024 * 1024;

/**
 * How far from a place's coordinates its published city may lie, in km (docs/data-rules.md, "Cities and the gazetteer"):
 * the gazetteer's point of a town is its centre, and a camp site or a country house is often a few km outside it.
 */
export const CITY_GAZETTEER_MAX_KM = 10;

/**
 * How far a Spanish province capital named with one of its own postal codes (third digit 0) may lie, in km: its
 * municipality is large. Also how far a locality the address names may lie when no locality is nearer (Setúbal, 10.5 km
 * from the Gâmbia camp site).
 */
export const CITY_CAPITAL_MAX_KM = 20;

/**
 * When the address names no locality within reach, the nearest one is the city only when it is clearly nearer than any
 * locality of another municipality: one of those within this multiple of its distance is a tie (Roz-sur-Couesnon 6.9 km,
 * Pontorson 7.2 km from a hotel of Le Mont-Saint-Michel, which the gazetteer lacks).
 */
export const CITY_NEAREST_TIE_RATIO = 1.15;

/**
 * Beyond this distance (km) the nearest locality is farther from the place than 85 % of the cities the real exports
 * name and the gazetteer confirms: the place is out of town, and the nearest locality must be at most half as far as
 * any locality of another municipality (CITY_NEAREST_FAR_RATIO) to be its town.
 */
export const CITY_NEAREST_FAR_KM = 5;
export const CITY_NEAREST_FAR_RATIO = 2;

/** Rejected lines whose excerpt and rejected listings whose record a candidate keeps in full; the rest keep line and reason only. */
export const REJECTED_KEPT_IN_FULL = 1000;

/** Same-place duplicates an import report lists one by one (all are counted, and all are kept in the snapshot). */
export const SAME_PLACES_LISTED = 500;

// Extensions beyond the public contract: nearby search and the change feed.

/** `radius` of a near search, in metres: default and bounds. */
export const DEFAULT_NEAR_RADIUS_M = 1000;
export const MIN_NEAR_RADIUS_M = 1;
export const MAX_NEAR_RADIUS_M = 50_000;

/** A published snapshot's version as the change feed takes it (`since`): a UTC time stamp and a random suffix. */
export const SNAPSHOT_VERSION_PATTERN = /^\d{8}T\d{9}Z-[0-9a-f]{6}$/;

/** Ids per page of the change feed: default and maximum of its `limit`. */
export const DEFAULT_CHANGES_LIMIT = 100;
export const MAX_CHANGES_LIMIT = 1000;

/** Export file downloads each API key may start per UTC day (LODGING_EXPORT_DOWNLOADS_PER_DAY); a resumed Range download counts once. */
export const DEFAULT_EXPORT_DOWNLOADS_PER_DAY = 20;

/**
 * Rows one extension query (bbox, near, changes) may step through before it stops and answers 503 with Retry-After
 * (LODGING_QUERY_ROW_BUDGET overrides it). Searches the specification defines are planned on indexes and never cut.
 */
export const DEFAULT_QUERY_ROW_BUDGET = 20_000;

// A serving process's memory (docs/benchmarks.md, "API memory" has the split these were chosen on).

/**
 * Bytes of a served snapshot SQLite reads through a memory map. 0: pages are read into the page cache below instead, so
 * the process's RSS does not grow with every page of the file a request ever touched (mapped pages count in RSS, up to
 * the whole map, 256 MiB before; the 1M snapshot's file is over 1 GB).
 */
export const SNAPSHOT_MMAP_BYTES = 0;

/**
 * SQLite's page cache per served snapshot connection, in KiB: the indexes' upper pages and the rows read lately. A page
 * it misses is read from the kernel's page cache (the file's pages stay there, shared): 4 MiB cost a cold search or
 * lookup no CPU beyond the noise against 16 (SQLite's default here), and hold 12 MB less (docs/benchmarks.md, "The
 * API at 1M under 150 MB").
 */
export const SNAPSHOT_PAGE_CACHE_KIB = 4 * 1024;

/**
 * SQLite's page cache per connection of the export build (its JSON Lines reader, its planner, each row-group worker),
 * in KiB: each reads every page once (the JSON Lines in order, a row group's places by rowid), so a larger cache holds
 * pages never read again; misses come from the kernel's page cache. SQLite's default here (16 MiB) filled on every
 * connection: ~90 MB more of the build's peak RSS at 200k places, for no CPU measured (docs/benchmarks.md, "The export
 * build's memory bounded").
 */
export const EXPORT_PAGE_CACHE_KIB = 2 * 1024;

/**
 * How far V8 lets a serving process's old generation grow past what the last full collection kept, in percent. V8's
 * own choice (up to 4×) let the API's heap reach 200 MB under load for some 50 MB alive: requests leave garbage that
 * 32 busy connections promote, and a lower limit collects it sooner. 100 (2×) kept the API's peak RSS as low as 50 did,
 * for a few percent of server CPU a request where 50 cost 5–10 % (docs/benchmarks.md, "API memory").
 */
export const SERVER_HEAP_GROWING_PERCENT = 100;

/**
 * A serving process's young generation: each of its two semi-spaces at most this many MiB (V8's default, 16).
 * 8 MiB: some 20 MB less RSS under load at 1M, for no server CPU a request beyond the noise (docs/benchmarks.md, "API
 * memory", 7 Dec 2026). V8 reads the size only when a process starts: the cluster's primary gives it to the processes
 * it forks; a single serving process (`--processes 1`) started without it stops the young generation's growth there
 * (api/server/young-generation.ts), unless Node's options set a size of their own.
 */
export const SERVER_SEMI_SPACE_MIB = 8;

/**
 * A process's malloc arenas (glibc's MALLOC_ARENA_MAX; its default is 8 a core). V8's, libuv's and SQLite's threads
 * each take an arena of their own, and each keeps what it grew to: 2 held some 12 MB less RSS after a load at 1M, for
 * no server CPU a request beyond the noise (docs/benchmarks.md, "The API at 1M under 150 MB"), and a 1M import's peak
 * some 80 MiB less for no import CPU beyond the noise ("The import's malloc arenas"). Read only at a process's start:
 * `bin/lodging` sets it for every command (the same number, checked by a test), the cluster's primary for the
 * processes it forks, the console for the imports it starts.
 */
export const SERVER_MALLOC_ARENAS = 2;

// A served snapshot's caches, per country and process, freed with the snapshot. A value over its cache's bytes alone is
// not kept (its work is done again when asked again).

/**
 * Words whose posting lists are kept, and the rowids they hold (4 bytes each: 16 MiB): the words searched for are few and
 * their lists long. The word count bounds the words no place holds, which clients may send without end.
 */
export const READER_POSTINGS_CACHED = 10_000;
export const READER_POSTINGS_CACHE_ROWIDS = 4 * 1024 * 1024;

/** Typed words' expansions kept (people retype the same beginnings; a typo scan reads the whole vocabulary), and their bytes. */
export const READER_EXPANSIONS_CACHED = 2000;
export const READER_EXPANSIONS_CACHE_BYTES = 4 * 1024 * 1024;

/** Found sets of ordered and word searches kept (the pages of a walk read them again), and their bytes (rowids, sort keys). */
export const READER_SEARCHES_CACHED = 64;
export const READER_SEARCHES_CACHE_BYTES = 16 * 1024 * 1024;

/** Suggestion answers kept (what people type starts alike), and their bytes (the places' JSON). */
export const READER_SUGGESTIONS_CACHED = 1000;
export const READER_SUGGESTIONS_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * Read API answers (a search page, a place) kept per process by request URL for the snapshot version that gave them,
 * and their bytes (body, URL and tag): a page of 25 places is about 16 KB, a place under 1 KB. An answer is kept the
 * second time its URL is answered (the URLs answered once take an eighth of these bytes more); one of an older
 * version is never sent: it waits to be replaced or pushed out.
 */
export const SERVED_ANSWERS_KEPT = 4096;
export const SERVED_ANSWERS_BYTES = 8 * 1024 * 1024;

/**
 * How far (km) from the point GeoNames' postal-code file gives a place a gazetteer locality of the same name and
 * province may lie to be that place (bench/build-postal-codes.ts): the file's points are often the municipality's.
 */
export const POSTAL_PLACE_MATCH_KM = 15;
