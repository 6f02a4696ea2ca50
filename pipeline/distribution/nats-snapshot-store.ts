// The shared snapshot store on NATS JetStream: files in an object store under their SHA-256, one KV pointer per country moved by compare-and-set.
import fs from 'node:fs';
import type { KV, NatsConnection, ObjectStore } from 'nats';
import { COUNTRY_CODES, type CountryCode } from '../../model/place.ts';
import type { NatsStoreConfig } from '../../platform/environment.ts';
import { connectNats, isRevisionConflict } from '../../platform/nats-connection.ts';
import { objectDownloader } from './nats-object-download.ts';
import { actorOf } from '../runs/actor.ts';
import { acquireCountryLock } from '../runs/country-lock.ts';
import { natsRunStore, type NatsRunBuckets } from './nats-run-store.ts';
import { compressedStream, SNAPSHOT_BROTLI_QUALITY } from './compressed-stream.ts';
import { UnknownRunError, type RunStore } from '../runs/run-store.ts';
import { makeRunId } from '../jobs/prepare-import.ts';
import { followPointer, type FetchObject } from './follow-pointer.ts';
import { PRESENCE_TTL_MS, type StagingSource } from './snapshot-replica.ts';
import type { PublishedSnapshotEntry } from '../snapshot/snapshot-catalog.ts';
import { snapshotPath } from '../snapshot/snapshot-paths.ts';
import { rememberDigest } from './verified-digest.ts';
import { objectNameOf, objectOf, objectsOf, parseStoredSnapshot, sha256OfFile, snapshotsToDrop, type StoredSnapshot } from './stored-snapshot.ts';
import type { SnapshotInfo } from '../snapshot/reader-types.ts';
import { pruneExports } from '../exports/build-exports.ts';
import type { ExportSettings } from '../exports/export-manifest.ts';
import { uploadExports } from './stored-exports.ts';
import { DEFAULT_STAGE_WAIT_MS, endStage, stageSnapshot, stagingSource } from './nats-staging.ts';
import { rollbackEvents, rollbackTarget } from '../publish/rollback-rule.ts';
import type { RunEvent } from '../runs/run-record.ts';
import type { RollbackResult, SnapshotListing } from '../publish/rollback.ts';
import { recordProblem, signRecord, type VerifyKey } from './pointer-signature.ts';
import { NoSigningKeyError, publisherOf, SigningRefusal, type RecordPublisher } from './signing-policy.ts';
import { PointerMovedError, type PublishOptions, type RollbackOptions, type SnapshotStore } from '../publish/snapshot-store.ts';

export interface NatsSnapshotStore extends SnapshotStore, StagingSource {
  readonly kind: 'nats';
  readonly connection: NatsConnection;
  /** The country's pointer and its KV revision (0: never written). */
  pointer(country: CountryCode): Promise<{ stored: StoredSnapshot | null; revision: number }>;
  fetch: FetchObject;
  /** Signs the current and kept records of the country anew with this machine's key; a record signed by a key not in `trusted` is left as it is. */
  resign(country: CountryCode, trusted: readonly VerifyKey[]): Promise<ResignOutcome>;
  /** Calls back with the country whenever its pointer moves or a publish of it is announced; returns the way to stop watching. */
  watch(onMove: (country: CountryCode) => void, onEnd: (error: unknown) => void): () => void;
}

export interface ResignOutcome {
  country: CountryCode;
  /** The versions whose records now carry this key's signature (the current one first when there is one). */
  resigned: string[];
  /** Records left as they were: signed by a key this machine does not trust, or changed since they were signed. */
  refused: { version: string; problem: string }[];
}

const encode = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));

/** `publisher`: how this machine writes pointer records (default: as the configuration says, reading the signing key it names). */
/** `exports`: what a publish writes into the version's export files (absent: a publish puts none in the store, replicas build them on first request). */
export async function openNatsSnapshotStore(
  config: NatsStoreConfig,
  options: { keep: number; name?: string; publisher?: RecordPublisher; exports?: ExportSettings },
): Promise<NatsSnapshotStore> {
  const publisher = options.publisher ?? publisherOf(config);
  const connection = await connectNats(config, options.name ?? 'lodging');
  try {
    const js = connection.jetstream({ timeout: 5_000 });
    const kv = await js.views.kv(`${config.prefix}-pointers`, { history: 5 });
    const os = await js.views.os(`${config.prefix}-snapshots`);
    const replicas = await js.views.kv(`${config.prefix}-replicas`, { history: 1, ttl: PRESENCE_TTL_MS });
    const runFiles = await js.views.os(`${config.prefix}-run-files`);
    const runBuckets: NatsRunBuckets = {
      records: await js.views.kv(`${config.prefix}-runs`, { history: 1 }),
      files: runFiles,
      download: objectDownloader(js, `${config.prefix}-run-files`, runFiles),
    };
    const staging = { replicas, waitMs: config.stageWaitMs ?? DEFAULT_STAGE_WAIT_MS };
    return natsStore(connection, kv, os, runBuckets, options.keep, objectDownloader(js, `${config.prefix}-snapshots`, os), staging, { publisher, prefix: config.prefix }, options.exports ?? null);
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
}

function natsStore(
  connection: NatsConnection,
  kv: KV,
  os: ObjectStore,
  runBuckets: NatsRunBuckets,
  keep: number,
  fetch: FetchObject,
  staging: { replicas: KV; waitMs: number },
  signing: { publisher: RecordPublisher; prefix: string },
  exportSettings: ExportSettings | null,
): NatsSnapshotStore {
  const { publisher, prefix } = signing;
  const pointer = async (country: CountryCode) => {
    const found = await kv.get(`current.${country}`);
    if (!found) return { stored: null, revision: 0 };
    return { stored: found.operation === 'PUT' ? parseStoredSnapshot(found.json(), country) : null, revision: found.revision };
  };

  /** Moves the pointer only if it is still at `revision`: of two publishers that read the same revision, one wins. */
  const movePointer = async (country: CountryCode, stored: StoredSnapshot, revision: number): Promise<void> => {
    try {
      if (revision === 0) await kv.create(`current.${country}`, encode(stored));
      else await kv.update(`current.${country}`, encode(stored), revision);
    } catch (error) {
      if (isRevisionConflict(error)) throw new PointerMovedError(country, `it is no longer at revision ${revision}`);
      throw error;
    }
  };

  const kept = async (country: CountryCode): Promise<StoredSnapshot[]> => {
    const keys: string[] = [];
    for await (const key of await kv.keys(`kept.${country}.>`)) keys.push(key);
    const stored: StoredSnapshot[] = [];
    for (const key of keys) {
      const found = await kv.get(key);
      if (found?.operation === 'PUT') stored.push(parseStoredSnapshot(found.json(), country));
    }
    return stored.sort((a, b) => (b.entry.publishedAt + b.entry.version).localeCompare(a.entry.publishedAt + a.entry.version));
  };

  const list = async (country: CountryCode): Promise<(StoredSnapshot & { current: boolean })[]> => {
    const { stored: current } = await pointer(country);
    const entries = await kept(country);
    if (current && !entries.some((s) => s.entry.version === current.entry.version)) entries.unshift(current);
    return entries.map((s) => ({ ...s, current: s.entry.version === current?.entry.version }));
  };

  /** LODGING_KEEP_SNAPSHOTS in the store: never the current one, never the one a rollback would go back to. */
  const prune = async (country: CountryCode, previous: string | null): Promise<void> => {
    const { stored: current } = await pointer(country);
    const all = await kept(country);
    const doomed = snapshotsToDrop(all, current?.entry.version ?? null, keep, previous);
    const stillUsed = new Set([...all.filter((s) => !doomed.includes(s)).flatMap(objectsOf), ...(current ? objectsOf(current) : [])]);
    for (const s of doomed) {
      await kv.purge(`kept.${country}.${s.entry.version}`);
      for (const object of objectsOf(s)) if (!stillUsed.has(object)) await os.delete(object);
    }
  };

  const sequenceOf = (record: StoredSnapshot | null | undefined): number => {
    const sequence = record?.signature?.sequence;
    return typeof sequence === 'number' && Number.isSafeInteger(sequence) ? sequence : 0;
  };

  /** One more than any record of the country carries (current, announced, kept): the sequence only grows. */
  const nextSequence = async (country: CountryCode, current: StoredSnapshot | null): Promise<number> => {
    let top = sequenceOf(current);
    const stage = await kv.get(`stage.${country}`);
    if (stage?.operation === 'PUT') top = Math.max(top, sequenceOf(parsedOrNull(() => stage.json<StoredSnapshot>())));
    for (const s of await kept(country)) top = Math.max(top, sequenceOf(s));
    return top + 1;
  };

  /** The record as this machine writes it: signed with its key, or unsigned where that is allowed. */
  const seal = (record: StoredSnapshot, sequence: number): StoredSnapshot => {
    if (publisher.kind === 'refused') throw new NoSigningKeyError();
    const { signature: _s, ...plain } = record;
    if (publisher.kind === 'unsigned') return plain;
    return signRecord(plain, { prefix, sequence, signedAt: new Date().toISOString() }, publisher.key);
  };

  const refuseWithoutKey = (): void => {
    if (publisher.kind === 'refused') throw new NoSigningKeyError();
  };

  /** A rollback signs its target anew: only a record this key signed (or, unsigned publishing allowed, any record) is a target. */
  const checkTarget = (country: CountryCode, record: StoredSnapshot): void => {
    if (publisher.kind !== 'signed') return;
    const problem = recordProblem(record, { prefix, country }, [{ keyId: publisher.key.keyId, publicKey: publisher.key.publicKey }]);
    if (problem) {
      throw new SigningRefusal(`${country}: snapshot ${record.entry.version} is not rolled back to: ${problem} (lodging snapshot-keys resign signs the kept records with this key)`, 'unsigned-target');
    }
  };

  const follow = (dataDir: string, stored: StoredSnapshot) => followPointer(dataDir, stored, fetch, { keep });

  /**
   * The version's export files, written from the sealed candidate and put in the object store before the record that
   * lists them is signed: the pointer never names a file the store lacks. A failure leaves them out of the record
   * (replicas then build them on first request, as for older records) and never stops the publish.
   */
  const exportsFor = async (dataDir: string, entry: PublishedSnapshotEntry) => {
    if (exportSettings === null) return null;
    try {
      return await uploadExports(os, dataDir, { country: entry.country, version: entry.version, publishedAt: entry.publishedAt }, exportSettings);
    } catch (error) {
      process.emitWarning(`${entry.country} ${entry.version}: export files not put in the snapshot store (${error instanceof Error ? error.message : String(error)}); replicas build them on first request`);
      return null;
    }
  };

  return {
    kind: 'nats',
    connection,
    pointer,
    fetch,
    basis: async (country) => (await pointer(country)).revision,

    async publish(dataDir: string, sealed: SnapshotInfo, options: PublishOptions = {}): Promise<SnapshotInfo> {
      refuseWithoutKey();
      const file = snapshotPath(dataDir, sealed.country, sealed.version);
      const sha256 = await sha256OfFile(file);
      rememberDigest(file, sha256);
      const size = fs.statSync(file).size;
      const name = objectNameOf(sha256, 'br');
      const existing = await os.info(name);
      if (!existing || existing.deleted) await os.put({ name }, compressedStream(file, size, SNAPSHOT_BROTLI_QUALITY));
      const before = await pointer(sealed.country);
      const revision = options.basis ?? before.revision;
      const entry: PublishedSnapshotEntry = {
        ...sealed,
        publishedAt: new Date().toISOString(),
        ...(options.entry ?? { byStatus: null, sources: [], forced: false, by: '', reason: null }),
      };
      const exports = await exportsFor(dataDir, entry);
      // Signed with the sequence after the record read at `revision`: the compare-and-set below fails if that record is not current any more.
      const stored = seal({ entry, sha256, size, encoding: 'br', ...(exports ? { exports } : {}) }, await nextSequence(sealed.country, before.stored));
      // Object first, then every live replica fetches it ahead, pointer last: a publish that fails before the move has
      // moved nothing, and the move costs each replica a swap, not a download.
      if (staging.waitMs > 0) await stageSnapshot(kv, staging.replicas, stored, revision, staging.waitMs);
      await movePointer(sealed.country, stored, revision);
      await endStage(kv, stored).catch(() => undefined); // a stale announcement only makes a replica check a file it has
      await kv.put(`kept.${sealed.country}.${sealed.version}`, encode(stored));
      await prune(sealed.country, before.stored?.entry.version ?? null).catch(() => undefined); // the next publish prunes again
      await follow(dataDir, stored);
      pruneExports(dataDir, sealed.country);
      const { byStatus: _b, sources: _s, forced: _f, by: _by, reason: _r, ...info } = entry;
      return info;
    },

    async list(_dataDir: string, country: CountryCode): Promise<SnapshotListing[]> {
      return (await list(country)).map((s) => ({ ...s.entry, current: s.current }));
    },

    async rollback(dataDir: string, country: CountryCode, options: RollbackOptions = {}): Promise<RollbackResult> {
      refuseWithoutKey();
      const by = actorOf(options.actor);
      const lock = acquireCountryLock(dataDir, country, `rollback-${makeRunId()}`, 'rollback');
      try {
        const { revision, stored: before } = await pointer(country);
        const kept = (await list(country)).map((s) => ({ version: s.entry.version, runId: s.entry.runId, current: s.current, stored: s }));
        const { current, target } = rollbackTarget(country, kept, options.to);
        const { current: _c, ...record } = target.stored;
        checkTarget(country, record);
        const stored = seal(record, await nextSequence(country, before));
        await movePointer(country, stored, revision);
        const from = current?.version ?? null;
        const runs = natsRunStore(runBuckets, dataDir);
        for (const { runId, event } of rollbackEvents(country, current, target, new Date().toISOString(), by)) await recordRollback(runs, runId, event);
        await follow(dataDir, stored).catch(() => undefined); // this machine's serve process follows the pointer anyway
        const { byStatus: _b, sources: _s, forced: _f, by: _by, reason: _r, ...info } = stored.entry;
        return { country, from, to: info };
      } finally {
        lock.release();
      }
    },

    async resign(country, trusted) {
      refuseWithoutKey();
      const outcome: ResignOutcome = { country, resigned: [], refused: [] };
      const keys = publisher.kind === 'signed' ? [...trusted, { keyId: publisher.key.keyId, publicKey: publisher.key.publicKey }] : [...trusted];
      /** An unsigned record is adopted (a deployment that signs from now on); a signed one must verify first. */
      const problemOf = (record: StoredSnapshot): string | null => (record.signature === undefined ? null : recordProblem(record, { prefix, country }, keys));
      const { stored: current, revision } = await pointer(country);
      if (current) {
        const problem = problemOf(current);
        if (problem) outcome.refused.push({ version: current.entry.version, problem });
        else {
          await movePointer(country, seal(current, await nextSequence(country, current)), revision);
          outcome.resigned.push(current.entry.version);
        }
      }
      for (const record of await kept(country)) {
        const problem = problemOf(record);
        if (problem) {
          outcome.refused.push({ version: record.entry.version, problem });
          continue;
        }
        await kv.put(`kept.${country}.${record.entry.version}`, encode(seal(record, sequenceOf(record))));
        if (!outcome.resigned.includes(record.entry.version)) outcome.resigned.push(record.entry.version);
      }
      return outcome;
    },

    runs: (dataDir) => natsRunStore(runBuckets, dataDir),
    ...stagingSource(kv, staging.replicas),

    watch(onMove, onEnd) {
      let iterator: { stop(): void } | null = null;
      let stopped = false;
      void (async () => {
        // Pointers and announced publishes alike (one filter: this server version takes no list of subjects).
        const watched = await kv.watch({ key: '>' });
        iterator = watched;
        if (stopped) watched.stop();
        for await (const entry of watched) {
          const [kind, country = ''] = entry.key.split('.');
          if ((kind === 'current' || kind === 'stage') && (COUNTRY_CODES as readonly string[]).includes(country)) onMove(country as CountryCode);
        }
      })().then(() => onEnd(null), onEnd);
      return () => {
        stopped = true;
        iterator?.stop();
      };
    },

    async close() {
      await connection.close().catch(() => undefined);
    },
  };
}

function parsedOrNull<T>(parse: () => T): T | null {
  try {
    return parse();
  } catch {
    return null;
  }
}

/** A rollback is an event of the runs whose snapshots it swaps (a snapshot published before run records were shared has none). */
async function recordRollback(runs: RunStore, runId: string, event: RunEvent): Promise<void> {
  try {
    await runs.update(runId, (run) => run.events.push(event));
  } catch (error) {
    if (!(error instanceof UnknownRunError)) throw error;
  }
}
