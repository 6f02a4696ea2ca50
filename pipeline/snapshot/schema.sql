-- Every table and index of a snapshot file. The builder runs one section at a time (see statements.ts).

-- @section build
-- The served file's key/value facts (version, country, counts, field fill), written while the import runs.
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- Published listings that are the same place as another (pipeline/dedup/): not served; their ids point to the kept one.
CREATE TABLE same_place_duplicates (
  id TEXT PRIMARY KEY,
  kept_id TEXT NOT NULL,
  matched_id TEXT NOT NULL,
  signals TEXT NOT NULL,          -- JSON MatchSignal[]: what agreed between this listing and matched_id
  metres INTEGER                  -- between the two points, when both have one
) WITHOUT ROWID;

-- @section records
-- The version's records file (<cc>-<version>.records.sqlite beside the snapshot; records-file.ts), never served:
-- every record of the import and every line that produced none, for the reports, review and audits. Snapshots built
-- before records had their own file hold these tables themselves.
CREATE TABLE listings (
  id TEXT PRIMARY KEY,
  provider_id TEXT,
  status TEXT NOT NULL,
  -- What the seal reads of a published record (seal-inputs.ts), made with the record; null on the others:
  place_hash TEXT,                -- the served JSON's change hash (place-hash.ts)
  geo_lat INTEGER,                -- the point in 1e-7 degree, as the grid keeps it; null when not located
  geo_lng INTEGER,
  name_key TEXT,                  -- sort=name's key
  rating_key REAL,                -- sort=rating's key
  words TEXT,                     -- the word index's words: name, city and label words, a line each
  reasons TEXT NOT NULL,          -- JSON string[]
  issues TEXT NOT NULL,           -- JSON Issue[]
  summary TEXT NOT NULL,          -- JSON ListingSummary: what the report takes back out when a duplicate displaces it
  place TEXT NOT NULL,            -- JSON StoredPlace
  city_slug TEXT,
  lodging_type TEXT NOT NULL,
  whatsapp INTEGER NOT NULL,
  verified INTEGER NOT NULL,
  search_text TEXT,               -- folded names, city and labels; published records only
  crawled_at TEXT,
  import_run TEXT NOT NULL,
  source_file TEXT NOT NULL,
  source_file_index INTEGER NOT NULL,
  source_line INTEGER NOT NULL
);

CREATE TABLE rejected_lines (
  file TEXT NOT NULL,
  file_index INTEGER NOT NULL,
  line INTEGER NOT NULL,
  reason TEXT NOT NULL,
  excerpt TEXT NOT NULL
);

-- The other slugs a published listing's city is found by: those it had under earlier city rules (before tidying,
-- before fullAddress replaced it). Written while the import runs; few rows.
CREATE TABLE listing_city_slugs (
  listing_id TEXT NOT NULL,
  slug TEXT NOT NULL,
  PRIMARY KEY (listing_id, slug)
) WITHOUT ROWID;

-- @section records-indexes
-- The rejected records in line order (a partial index: a few in a hundred records), kept up as they are written: the
-- review counts them and lists the first without reading every record. Not in snapshots built before records had their
-- own file, and not needed to read a records file (one without it is read by a scan).
CREATE INDEX listings_rejected ON listings (source_file_index, source_line) WHERE status = 'rejected';

-- @section places
-- What the API reads, and all it reads: published records only. Filled in id order, so rowid order is id order
-- and every index below (which ends in the rowid) yields its rows in id order: keyset pages need no sort.
-- place_json holds the served place's values in field order without its keys (model/served-place-text.ts; files of
-- schema version 5 and before hold the JSON whole). Comments inside a CREATE statement are part of the definition
-- a fetched file's schema is compared with (snapshot-file-check.ts), so they stay out here.
CREATE TABLE places (
  id TEXT NOT NULL,
  city_slug TEXT,
  lodging_type TEXT NOT NULL,
  whatsapp INTEGER NOT NULL,
  verified INTEGER NOT NULL,
  place_json TEXT NOT NULL,
  search_text TEXT NOT NULL,
  name_key TEXT NOT NULL,         -- the name's folded words, one space apart: sort=name
  rating_key REAL NOT NULL        -- minus the rating, 1 when unrated: sort=rating (best first, unrated last)
);

-- @section places-indexes
-- Built after the bulk insert: one sort per index is faster than maintaining them row by row.
CREATE UNIQUE INDEX places_id ON places (id);
CREATE INDEX places_city ON places (city_slug);
CREATE INDEX places_city_type ON places (city_slug, lodging_type);
CREATE INDEX places_type ON places (lodging_type);
CREATE INDEX places_whatsapp ON places (whatsapp);
CREATE INDEX places_verified ON places (verified);
CREATE INDEX places_name ON places (name_key);
CREATE INDEX places_rating ON places (rating_key);

-- Published places with a location, for near and bbox searches and the export's file order: the grid (geo-grid.ts)
-- stored whole, so a reader loads it with one read. Each place's rowid and point in 1e-7 degree (served coordinates
-- have seven decimals, normalise/location.ts, so these are exact) in grid cell order as three int32 arrays (rowids,
-- latitudes, longitudes), little-endian. One row.
CREATE TABLE geo_grid (
  rowids BLOB NOT NULL,
  lats BLOB NOT NULL,
  lngs BLOB NOT NULL
);

-- Each published id with a hash of its served JSON: what the change feed compares between two kept snapshots.
CREATE TABLE place_hashes (
  id TEXT PRIMARY KEY,
  hash TEXT NOT NULL
) WITHOUT ROWID;

-- @section search-trigrams
-- Trigram index for q of three or more characters. Contentless: the text lives in places.search_text, already
-- folded; remove_diacritics is kept as a second line of defence. Each line of the search text (a name, the city, a
-- label) in a column of its own, the last holding any lines beyond it, so no trigram spans two fields: a folded q
-- never holds a newline, so such a trigram was never asked for, and they made a quarter of the index as stored.
CREATE VIRTUAL TABLE places_fts USING fts5(
  line1, line2, line3, line4, line5, line6, line7, line8,
  content = '',
  columnsize = 0,
  tokenize = 'trigram remove_diacritics 1'
);

-- @section search-trigrams-one-column
-- Files of schema version 8 and before: the same index over the whole search text in one column. Still read (a
-- q MATCH searches every column) and checked.
CREATE VIRTUAL TABLE places_fts USING fts5(
  search_text,
  content = '',
  columnsize = 0,
  tokenize = 'trigram remove_diacritics 1'
);

-- @section city-aliases
-- The same slugs per served place, keyed for a seek by slug in place (rowid, so id) order: the `city` filter also
-- reads them when a slug has any, so every city query that found a place before still does.
CREATE TABLE place_city_slugs (
  slug TEXT NOT NULL,
  place_rowid INTEGER NOT NULL,
  PRIMARY KEY (slug, place_rowid)
) WITHOUT ROWID;

-- @section search-words
-- The word index of relevance, match=words|typo and suggestions: each distinct folded word of the served places'
-- names (name, legalName), cities and category labels, with the places holding it as ascending rowids, one list per
-- kind, each stored as the gaps between them in varints (word-postings.ts; files of schema version 6 and before hold
-- int32 arrays). The reader keeps the words in memory and reads a word's places by key.
CREATE TABLE search_words (
  word TEXT PRIMARY KEY,
  name_rowids BLOB NOT NULL,
  city_rowids BLOB NOT NULL,
  label_rowids BLOB NOT NULL
) WITHOUT ROWID;

-- @section geo-rtree
-- Files of schema version 7 and before also held the located places' points in an R*Tree (id is the places rowid,
-- coordinates in 1e-7 degree): no longer built, still read from those files (stored-geo-grid.ts) and checked.
CREATE VIRTUAL TABLE places_geo USING rtree_i32(id, min_lat, max_lat, min_lng, max_lng);
