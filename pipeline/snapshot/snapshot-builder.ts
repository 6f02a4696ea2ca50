// Writes one country's new snapshot file and its records file while an import runs, then publishes it: served tables, pointer, pruning.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { NormalisedListing, SourceRef } from '../normalise/normalised-listing.ts';
import type { CountryCode } from '../../model/place.ts';
import { companionPaths, countryDir, newSnapshotVersion, recordsPath, snapshotPath, snapshotRelativePath } from './snapshot-paths.ts';
import { recordsSchemaSql } from './records-file.ts';
import { activateSnapshot } from './activate-snapshot.ts';
import type { AddOutcome, SamePlaceRecord, SnapshotBuilder, SnapshotBuilderOptions } from './snapshot-types.ts';
import { MatchKeyStore } from './match-key-store.ts';
import { findSamePlaces } from '../dedup/find-same-places.ts';
import { openServedIds } from './served-ids.ts';
import { dropPortalWebsites, NO_PORTAL_WEBSITES, type PortalWebsites } from './portal-websites.ts';
import { findPortalHostsInGroups } from '../dedup/portal-hosts.ts';
import type { SnapshotInfo } from './reader-types.ts';
import type { ListingSummary } from './listing-record.ts';
import { BUILD_SQL, listingColumnAt, SCHEMA_VERSION, schemaSection } from './statements.ts';
import { toListingRecord, type ListingRecord } from './listing-record.ts';
import { REJECTED_KEPT_IN_FULL } from '../../model/limits.ts';
import { FIELD_FILL_KEY, measureFieldFill, storedFieldFill } from './field-fill.ts';
import { FieldFillCounter } from './filled-fields.ts';
import { fillFromSealInputs } from './fill-from-seal-inputs.ts';
import { registerPlaceTextFunctions } from './place-text-sql.ts';
import { fillTrigramIndex } from './fill-trigram-index.ts';

/**
 * The build's page cache, for each of its three files (snapshot, records, temporary). Pages it cannot hold go to the
 * file and come back from the OS's page cache, which is not this process's memory: 256 MiB made the cache most of a 1M
 * import's peak RSS and sped nothing up; 8 MiB against 16 took some 15–25 MB off the peak, the seal as fast
 * (docs/benchmarks.md, "Decisions").
 */
const BUILD_CACHE_KIB = 8 * 1024;
/** meta: how many distinct words the word index holds (reported with the snapshot's size). */
export const SEARCH_WORDS_KEY = 'search_words';
const DUPLICATE_REASON = 'duplicate-provider-id';
/** The records file's schema name while the build has it attached. */
const RECORDS = 'records';
/** Positions in a listings row (LISTING_COLUMNS order) of the content a rejected record past the first ones does not keep. */
const ISSUES_COLUMN = listingColumnAt('issues');
const PLACE_COLUMN = listingColumnAt('place');
const ADDED: AddOutcome = Object.freeze({ kind: 'added' });

export function createSnapshotBuilder(options: SnapshotBuilderOptions): SnapshotBuilder {
  return new SqliteSnapshotBuilder(options);
}

interface HolderRow {
  source_file: string;
  source_file_index: number;
  source_line: number;
  summary: string;
}

class SqliteSnapshotBuilder implements SnapshotBuilder {
  readonly version = newSnapshotVersion();
  private readonly country: CountryCode;
  private readonly path: string;
  private readonly db: Database.Database;
  private readonly sql: {
    [K in 'insertListing' | 'replaceListing' | 'selectHolder' | 'insertRejectedLine' | 'insertCityAlias' | 'deleteCityAliases']: Database.Statement;
  };
  private stored = 0;
  /** The published records' field fill, counted as they are stored; null once it cannot be (see countFill). */
  private fillCounter: FieldFillCounter | null = new FieldFillCounter();
  /** The match keys of the published listings, in the build's temporary tables: the same-place pass reads them at seal. */
  private readonly matchKeys: MatchKeyStore;
  private merged: SamePlaceRecord[] = [];
  private portal: PortalWebsites = NO_PORTAL_WEBSITES;
  private rejectedKept = 0;
  private rejectedLinesKept = 0;
  private state: 'building' | 'sealed' | 'published' | 'aborted' = 'building';

  constructor(private readonly options: SnapshotBuilderOptions) {
    this.country = options.country;
    fs.mkdirSync(countryDir(options.dataDir, this.country), { recursive: true });
    this.path = snapshotPath(options.dataDir, this.country, this.version);
    if (fs.existsSync(this.path)) throw new Error(`snapshot file ${this.path} already exists`);
    if (fs.existsSync(recordsPath(this.path))) throw new Error(`records file ${recordsPath(this.path)} already exists`);
    this.db = new Database(this.path);
    try {
      // Nobody reads this file before it is published and a crash discards it: durability buys nothing here,
      // so the whole build is one transaction (commits would only rewrite the id index's pages again and again;
      // the page cache spills to the file when full). The exclusive lock, held until close, tells the pruner
      // that a live process still owns the file.
      this.db.pragma('locking_mode = EXCLUSIVE');
      // The records (every listing and rejected line) go to their own file, never served: the served tables are
      // filled from it at seal by plain table names, which SQLite finds in the attached file.
      this.db.prepare(`ATTACH DATABASE ? AS ${RECORDS}`).run(recordsPath(this.path));
      for (const schema of ['main', RECORDS]) {
        // better-sqlite3 runs SQLite in defensive mode, which refuses journal_mode=OFF: lift it for this pragma only.
        this.db.unsafeMode(true);
        const journalMode: unknown = this.db.pragma(`${schema}.journal_mode = OFF`, { simple: true });
        this.db.unsafeMode(false);
        if (journalMode !== 'off') throw new Error(`could not turn the build journal off (${String(journalMode)})`);
        this.db.pragma(`${schema}.synchronous = OFF`);
        this.db.pragma(`${schema}.cache_size = -${BUILD_CACHE_KIB}`);
      }
      // No mmap: mapped pages of a multi-gigabyte file count as the importer's resident memory, and reading
      // through the page cache costs little more here (measured on 1M listings; docs/benchmarks.md, "Decisions").
      this.db.pragma('threads = 2');
      this.db.exec(schemaSection('build'));
      this.db.exec(recordsSchemaSql(RECORDS));
      this.db.pragma(`temp.cache_size = -${BUILD_CACHE_KIB}`);
      this.matchKeys = new MatchKeyStore(this.db);
      const meta = this.db.prepare(BUILD_SQL.insertMeta);
      meta.run('schema_version', SCHEMA_VERSION);
      meta.run('country', this.country);
      meta.run('version', this.version);
      meta.run('run_id', options.runId);
      meta.run('built_at', new Date().toISOString());
      this.sql = {
        insertListing: this.db.prepare(BUILD_SQL.insertListing),
        replaceListing: this.db.prepare(BUILD_SQL.replaceListing),
        selectHolder: this.db.prepare(BUILD_SQL.selectHolder),
        insertRejectedLine: this.db.prepare(BUILD_SQL.insertRejectedLine),
        insertCityAlias: this.db.prepare(BUILD_SQL.insertCityAlias),
        deleteCityAliases: this.db.prepare(BUILD_SQL.deleteCityAliases),
      };
      this.db.exec('BEGIN');
    } catch (error) {
      this.discardFile();
      throw error;
    }
  }

  get samePlaces(): readonly SamePlaceRecord[] {
    return this.merged;
  }

  get portalWebsites(): PortalWebsites {
    return this.portal;
  }

  get count(): number {
    return this.stored;
  }

  add(listing: NormalisedListing): AddOutcome {
    if (listing.country !== this.country) {
      throw new Error(`a ${listing.country} listing cannot go into the ${this.country} snapshot`);
    }
    return this.addRecord(toListingRecord(listing));
  }

  addRecord(record: ListingRecord): AddOutcome {
    this.assertBuilding();
    const row = [...record.columns, this.options.runId];
    // Past the first rejected records, a rejected one keeps its line, reasons and summary, not its content.
    if (record.summary.status === 'rejected' && ++this.rejectedKept > REJECTED_KEPT_IN_FULL) {
      row[ISSUES_COLUMN] = '[]';
      row[PLACE_COLUMN] = '{}';
    }
    if (this.sql.insertListing.run(row).changes === 1) {
      this.stored += 1;
      if (record.summary.status === 'published') this.countFill(record);
      this.addCityAliases(record);
      if (record.match) this.matchKeys.add(record.id, record.match);
      return ADDED;
    }
    return this.resolveDuplicate(record, row);
  }

  addRejectedLine(source: SourceRef, reason: string, excerpt: string): void {
    this.assertBuilding();
    const kept = ++this.rejectedLinesKept <= REJECTED_KEPT_IN_FULL ? excerpt : '';
    this.sql.insertRejectedLine.run(source.file, source.fileIndex, source.line, reason, kept);
  }

  seal(): SnapshotInfo {
    this.assertBuilding();
    let info: SnapshotInfo;
    try {
      info = this.buildServedTables();
      this.db.pragma(`${RECORDS}.journal_mode = DELETE`);
      this.db.exec(`DETACH DATABASE ${RECORDS}`);
      this.db.pragma('journal_mode = DELETE');
      this.db.close();
      syncFile(recordsPath(this.path));
      syncFile(this.path);
    } catch (error) {
      this.discardFile();
      throw error;
    }
    this.state = 'sealed';
    return info;
  }

  publish(): SnapshotInfo {
    let info = this.seal();
    try {
      info = activateSnapshot(this.options.dataDir, info, this.options.keep === undefined ? {} : { keep: this.options.keep });
    } catch (error) {
      this.state = 'aborted';
      for (const file of [this.path, ...companionPaths(this.path)]) fs.rmSync(file, { force: true });
      throw error;
    }
    this.state = 'published';
    return info;
  }

  abort(): void {
    if (this.state !== 'building') return;
    this.discardFile();
  }

  /** The earliest (fileIndex, line) keeps the id; the other is recorded as a rejected duplicate line. */
  private resolveDuplicate(record: ListingRecord, row: unknown[]): AddOutcome {
    const { id, source } = record;
    const holder = this.sql.selectHolder.get(id) as HolderRow;
    const held: SourceRef = { file: holder.source_file, fileIndex: holder.source_file_index, line: holder.source_line };
    const newcomerWins = source.fileIndex < held.fileIndex || (source.fileIndex === held.fileIndex && source.line < held.line);
    const [winner, loser] = newcomerWins ? [source, held] : [held, source];
    if (newcomerWins) {
      // The counts cannot take the displaced record back out: the fill is measured from the file at seal.
      this.fillCounter = null;
      this.sql.replaceListing.run(row);
      this.sql.deleteCityAliases.run(id);
      this.addCityAliases(record);
      this.matchKeys.set(id, record.match ?? null);
    }
    this.sql.insertRejectedLine.run(loser.file, loser.fileIndex, loser.line, DUPLICATE_REASON, `first at ${winner.file}:${winner.line}`);
    if (newcomerWins) return { kind: 'displaced', loser: JSON.parse(holder.summary) as ListingSummary };
    return { kind: 'duplicate', of: held };
  }

  private countFill(record: ListingRecord): void {
    if (record.filledFields === undefined) this.fillCounter = null;
    else this.fillCounter?.add(record.filledFields, record.summary.issueKeys);
  }

  private addCityAliases(record: ListingRecord): void {
    for (const slug of record.citySlugAliases ?? []) this.sql.insertCityAlias.run(record.id, slug);
  }

  /** Indexes after the bulk insert (one sort each beats row-by-row upkeep); the FTS index in one pass. */
  private buildServedTables(): SnapshotInfo {
    const db = this.db;
    const meta = db.prepare(BUILD_SQL.insertMeta);
    this.recordSamePlaces();
    db.exec(schemaSection('places'));
    registerPlaceTextFunctions(db);
    db.prepare(BUILD_SQL.fillPlaces).run();
    db.exec(schemaSection('places-indexes'));
    db.exec(schemaSection('city-aliases'));
    db.prepare(BUILD_SQL.fillPlaceCitySlugs).run();
    db.exec(schemaSection('search-trigrams'));
    fillTrigramIndex(db);
    meta.run(SEARCH_WORDS_KEY, String(fillFromSealInputs(db)));
    const publishedCount = db.prepare(BUILD_SQL.countPlaces).pluck().get() as number;
    const publishedAt = new Date().toISOString();
    meta.run('published_count', String(publishedCount));
    meta.run('published_at', publishedAt);
    // Per-field fill counts: the next import's field-loss gate and quality report read them without a rescan.
    // Counted as the records came in (a full rescan of the places' JSON cost ~2 s per 200k), unless a duplicate displaced one.
    meta.run(FIELD_FILL_KEY, storedFieldFill(this.fillCounter?.fill() ?? measureFieldFill(db, undefined, 'records')));
    db.exec('COMMIT');
    db.exec(BUILD_SQL.analyzePlaces);
    return {
      country: this.country,
      version: this.version,
      file: snapshotRelativePath(this.country, this.version),
      publishedAt,
      runId: this.options.runId,
      publishedCount,
    };
  }

  /** Same place, published once (pipeline/dedup/): the duplicates go to their table, which the served tables leave out. */
  private recordSamePlaces(): void {
    const served = openServedIds(this.options.dataDir, this.country);
    try {
      const found = findSamePlaces(this.matchKeys, { isServed: (id) => served.has(id), ...(this.options.distinct ? { distinct: this.options.distinct } : {}) });
      // Portal hosts found in the import (pipeline/dedup/portal-hosts.ts): their pages leave the rows before the served tables are filled.
      this.portal = dropPortalWebsites(this.db, findPortalHostsInGroups(this.matchKeys.hostGroups(), new Set(found.map((d) => d.id))));
      this.matchKeys.close();
      if (this.portal.dropped.length > 0) this.fillCounter = null;
      const insert = this.db.prepare(BUILD_SQL.insertSamePlaceDuplicate);
      const nameOf = this.db.prepare(BUILD_SQL.selectListingName).pluck();
      this.merged = found.map((d) => {
        insert.run(d.id, d.keptId, d.matchedId, JSON.stringify(d.signals), d.metres);
        return { ...d, name: (nameOf.get(d.id) as string | null) ?? null, keptName: (nameOf.get(d.keptId) as string | null) ?? null };
      });
    } finally {
      served.close();
    }
  }

  private assertBuilding(): void {
    if (this.state !== 'building') throw new Error(`snapshot ${this.version} is already ${this.state}`);
  }

  private discardFile(): void {
    this.state = 'aborted';
    try {
      if (this.db?.open) this.db.close();
    } finally {
      for (const file of [this.path, ...companionPaths(this.path)]) fs.rmSync(file, { force: true });
    }
  }
}

function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
