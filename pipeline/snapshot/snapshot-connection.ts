// One published snapshot file opened read-only: its prepared statements and how a search picks its plan.
import type Database from 'better-sqlite3';
import { MAX_PAGE_LIMIT, SNAPSHOT_MMAP_BYTES, SNAPSHOT_PAGE_CACHE_KIB } from '../../model/limits.ts';
import { canonicalCitySlug } from '../normalise/city-names.ts';
import { foldSearchText } from './search-text.ts';
import type { CacheFigures, SearchQuery, SearchRows, SnapshotInfo, SuggestQuery, SuggestRows } from './reader-types.ts';
import { registerSortName } from './build-search-words.ts';
import { FacetCounter } from './facet-counts.ts';
import type { FacetFilter } from './facet-columns.ts';
import { filterClause } from './ordered-statements.ts';
import { OrderedSearch } from './ordered-search.ts';
import { SuggestSearch } from './suggest-search.ts';
import { WordIndex } from './word-index.ts';
import { GeoSearch } from './geo-search.ts';
import { openSnapshotFile } from './open-snapshot-file.ts';
import { LEGACY_GEO_VIEW, READ_SQL, countUpToSql, searchShapeKey, searchSql, type SearchShape } from './statements.ts';
import { servedPlaceJson } from '../../model/served-place-text.ts';

/**
 * With q and equality filters, the filters drive the scan (checking q with instr) when they select at most this
 * many rows; otherwise the trigram index drives it. Either way a page reads few rows.
 */
export const FILTER_DRIVEN_CAP = 5000;
const MIN_TRIGRAM_CHARS = 3;
/** City slugs whose alias lookup a connection keeps (every slug of a country fits; past it the answers start again). */
const ALIAS_ANSWERS_KEPT = 20_000;
/** One kept alias answer in memory, about: the map's entry and the slug. */
const ALIAS_ANSWER_BYTES = 64;

export interface SnapshotConnection {
  readonly info: SnapshotInfo;
  searchRows(query: SearchQuery): SearchRows;
  suggest(query: SuggestQuery): Omit<SuggestRows, 'version'>;
  getPlaceJson(id: string): string | null;
  /** The id served for the place this unserved id is a duplicate of (same_place_duplicates), or null. */
  keptIdOf(id: string): string | null;
  /** What this snapshot keeps in memory, by cache. */
  caches(): CacheFigures;
  /** Closes the file and frees every cache, so nothing of a snapshot no longer served stays reachable through it. */
  close(): void;
}

/** How a served snapshot's pages are read: through a bounded page cache, not a memory map (see SNAPSHOT_MMAP_BYTES). */
export function applyServedPragmas(db: Database.Database): void {
  db.pragma(`mmap_size = ${SNAPSHOT_MMAP_BYTES}`);
  db.pragma(`cache_size = -${SNAPSHOT_PAGE_CACHE_KIB}`);
}

export function openSnapshotConnection(file: string, info: SnapshotInfo): SnapshotConnection {
  const db = openSnapshotFile(file);
  try {
    applyServedPragmas(db);
    // A published snapshot is never written again (a new version is a new file), so this connection keeps the shared
    // lock it takes on its first read: each later query skips the lock, unlock and hot-journal/WAL checks (two fcntl
    // and two stat calls), 16 → 2 µs CPU for a lookup by id on the 200k bench snapshot. Shared locks do not stop
    // other readers (the pruner's protection check) nor the unlinking of an old version.
    db.pragma('locking_mode = EXCLUSIVE');
    const version: unknown = db.prepare(READ_SQL.selectMeta).pluck().get('version');
    const publishedAt: unknown = db.prepare(READ_SQL.selectMeta).pluck().get('published_at');
    if (version !== info.version || publishedAt === undefined) {
      throw new Error(`${file} is not the published snapshot ${info.version}`);
    }
    return new ReadOnlySnapshot(db, info);
  } catch (error) {
    db.close();
    throw error;
  }
}

class ReadOnlySnapshot implements SnapshotConnection {
  private readonly selectPlace: Database.Statement<[string], string>;
  private readonly selectRowidAtOrBefore: Database.Statement<[string], number>;
  /** Null in a snapshot built before city aliases were kept. */
  private readonly selectCityAliasExists: Database.Statement<[string], number> | null;
  private readonly selectKeptId: Database.Statement<[string], string> | null;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly aliasSlugs = new Map<string, boolean>();
  private readonly geo: GeoSearch;
  private readonly ordered: OrderedSearch;
  private readonly suggestions: SuggestSearch;
  private readonly facets: FacetCounter;
  private readonly words: WordIndex;

  constructor(
    private readonly db: Database.Database,
    readonly info: SnapshotInfo,
  ) {
    this.selectPlace = db.prepare<[string], string>(READ_SQL.selectPlace).pluck();
    // Snapshots built before the same-place pass have no table: nothing in them is a duplicate.
    const hasSamePlaces = db.prepare(READ_SQL.selectHasSamePlaceTable).get() !== undefined;
    this.selectKeptId = hasSamePlaces ? db.prepare<[string], string>(READ_SQL.selectKeptId).pluck() : null;
    this.selectRowidAtOrBefore = db.prepare<[string], number>(READ_SQL.selectRowidAtOrBefore).pluck();
    const hasAliases = db.prepare(READ_SQL.selectHasCityAliasTable).get() !== undefined;
    this.selectCityAliasExists = hasAliases ? db.prepare<[string], number>(READ_SQL.selectCityAliasExists).pluck() : null;
    // Snapshots built before the grid and the R*Tree were stored read their points from the places' JSON.
    const hasGeoPoints = db.prepare("SELECT 1 FROM sqlite_master WHERE name IN ('geo_grid', 'places_geo')").pluck().get() !== undefined;
    if (!hasGeoPoints) db.exec(LEGACY_GEO_VIEW);
    this.geo = new GeoSearch(db, (shape, params, text) => this.chooseTextPlan(shape, params, text));
    // Snapshots built before the sort keys were stored compute them from the JSON (correct, slower).
    const storedKeys = (db.pragma('table_info(places)') as { name: string }[]).some((column) => column.name === 'name_key');
    if (!storedKeys) registerSortName(db);
    const size = ((db.prepare('SELECT max(rowid) FROM places').pluck().get() as number | null) ?? 0) + 1;
    const words = new WordIndex(db);
    this.words = words;
    this.ordered = new OrderedSearch(db, words, size, storedKeys);
    this.suggestions = new SuggestSearch(db, words, size, () => this.geo.pointsByRowid());
    this.facets = new FacetCounter(db, size);
  }

  suggest(query: SuggestQuery): Omit<SuggestRows, 'version'> {
    return this.suggestions.suggest(query);
  }

  searchRows(query: SearchQuery): SearchRows {
    const { limit } = query;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) {
      throw new RangeError(`limit must be an integer from 1 to ${MAX_PAGE_LIMIT}, got ${limit}`);
    }
    // Rowid order is id order (see schema.sql), so "ids after afterId" is "rowids after the last id not above it".
    const after = query.afterId === undefined ? 0 : (this.selectRowidAtOrBefore.get(query.afterId) ?? 0);
    const params: Record<string, string | number> = { after };
    const shape: SearchShape = {
      city: query.citySlug !== undefined,
      lodgingType: query.lodgingType !== undefined,
      whatsapp: query.whatsapp !== undefined,
      verified: query.verified !== undefined,
      text: 'none',
    };
    // Stored slugs are canonical (data/cities/): "la-coruna" finds the places stored under "a-coruna".
    if (query.citySlug !== undefined) {
      params.city = canonicalCitySlug(query.country, query.citySlug);
      // Most slugs are nobody's alias: those keep the one-index plan.
      shape.cityAliases = this.cityHasAliases(params.city);
    }
    if (query.lodgingType !== undefined) params.lodgingType = query.lodgingType;
    if (query.whatsapp !== undefined) params.whatsapp = query.whatsapp ? 1 : 0;
    if (query.verified !== undefined) params.verified = query.verified ? 1 : 0;

    // The API refuses control characters in q; the reader drops any that reach it, as no stored text holds one.
    const text = query.q === undefined ? '' : foldSearchText(query.q.replace(/\p{Cc}+/gu, ' '));
    if (text !== '' && (query.near || query.bbox)) {
      shape.text = 'substring';
      params.text = text;
    }
    if (query.near) return this.geo.near(query.near, shape, params, limit, query.budget);
    if (query.bbox) return this.geo.bbox(query.bbox, shape, { ...params, limit }, query.budget);
    const ordered = (query.sort !== undefined && query.sort !== 'id') || (query.match !== undefined && query.match !== 'literal');
    let facets: SearchRows['facets'];
    if (ordered || query.facets) {
      // Only these need the filters as a clause of their own (the id order's statements carry them in their shape).
      const where = filterClause(shape);
      const { after: _after, ...filterParams } = params;
      if (ordered) {
        const afterRowid = query.sortAfter ? (this.selectRowidAtOrBefore.get(query.sortAfter.id) ?? 0) : after;
        const { resultRowids, ...found } = this.ordered.search({ query, where, params: filterParams, text, afterRowid });
        if (query.facets) found.facets = this.countFacets(query, shape, text, resultRowids);
        return found;
      }
      facets = this.countFacets(query, shape, text, () => this.ordered.matchingRowids(where, filterParams, text));
    }
    if (text !== '') {
      shape.text = this.chooseTextPlan(shape, params, text);
      if (shape.text === 'trigram') params.match = `"${text.replaceAll('"', '""')}"`;
      else params.text = text;
    }
    params.limit = limit + 1;
    const found = this.statement('page', shape).all(params) as [string, string][];
    const hasMore = found.length > limit;
    if (hasMore) found.length = limit;
    const rows = { rows: found.map(([id, json]) => ({ id, json: servedPlaceJson(json) })), hasMore };
    return facets ? { ...rows, facets } : rows;
  }

  /** Facets over the whole result: without q the filters select it in memory (a city alias asks SQL); else `resultRowids`. */
  private countFacets(query: SearchQuery, shape: SearchShape, text: string, resultRowids: () => ArrayLike<number>): SearchRows['facets'] {
    const inMemory = text === '' && shape.cityAliases !== true && (query.match ?? 'literal') === 'literal';
    const filter: FacetFilter = {};
    if (query.citySlug !== undefined) filter.city = canonicalCitySlug(query.country, query.citySlug);
    if (query.lodgingType !== undefined) filter.lodgingType = query.lodgingType;
    if (query.whatsapp !== undefined) filter.whatsapp = query.whatsapp ? 1 : 0;
    if (query.verified !== undefined) filter.verified = query.verified ? 1 : 0;
    return this.facets.count(query.facets ?? [], facetSignature(query, text), (columns, missing) =>
      inMemory ? columns.countSelected(missing, filter) : columns.count(missing, resultRowids()),
    );
  }

  /** Whether a city slug is any place's alias: asked once per slug, as the file never changes (bounded: clients choose slugs). */
  private cityHasAliases(city: string): boolean {
    let known = this.aliasSlugs.get(city);
    if (known === undefined) {
      known = this.selectCityAliasExists?.get(city) !== undefined;
      if (this.aliasSlugs.size >= ALIAS_ANSWERS_KEPT) this.aliasSlugs.clear();
      this.aliasSlugs.set(city, known);
    }
    return known;
  }

  getPlaceJson(id: string): string | null {
    const stored = this.selectPlace.get(id);
    return stored === undefined ? null : servedPlaceJson(stored);
  }

  keptIdOf(id: string): string | null {
    return this.selectKeptId?.get(id) ?? null;
  }

  caches(): CacheFigures {
    return {
      ...this.words.caches(),
      ...this.ordered.caches(),
      ...this.suggestions.caches(),
      ...this.facets.caches(),
      ...this.geo.caches(),
      citySlugs: { entries: this.aliasSlugs.size, bytes: this.aliasSlugs.size * ALIAS_ANSWER_BYTES },
    };
  }

  close(): void {
    this.facets.close();
    this.words.close();
    this.ordered.close();
    this.suggestions.close();
    this.geo.close();
    this.aliasSlugs.clear();
    this.statements.clear();
    this.db.close();
  }

  /** Trigrams need three characters; selective filters beat any index on a common q. */
  private chooseTextPlan(shape: SearchShape, params: Record<string, string | number>, text: string): SearchShape['text'] {
    if ([...text].length < MIN_TRIGRAM_CHARS) return 'substring';
    if (!shape.city && !shape.lodgingType && !shape.whatsapp && !shape.verified) return 'trigram';
    const selected = this.statement('count', shape).get({ ...params, cap: FILTER_DRIVEN_CAP }) as number;
    return selected < FILTER_DRIVEN_CAP ? 'substring' : 'trigram';
  }

  private statement(kind: 'page' | 'count', shape: SearchShape): Database.Statement {
    const key = `${kind}:${searchShapeKey(shape)}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement =
        kind === 'page' ? this.db.prepare(searchSql(shape)).raw(true) : this.db.prepare(countUpToSql(shape)).pluck();
      this.statements.set(key, statement);
    }
    return statement;
  }
}

/** What a search's result depends on (not its order, page or cursor): its facet counts are cached under it. */
function facetSignature(query: SearchQuery, text: string): string {
  return JSON.stringify([query.citySlug, query.lodgingType, query.whatsapp, query.verified, text, query.match ?? 'literal']);
}
