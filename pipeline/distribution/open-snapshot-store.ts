// The snapshot store the configuration names: this data directory (LODGING_SNAPSHOT_STORE unset) or NATS JetStream; and a serve process's replica.
// The one entry of pipeline/distribution/: the rest of the pipeline imports this file only.
import type { Config } from '../../platform/environment.ts';
import { startSnapshotReplica, type ReplicaLog, type SnapshotReplica } from './snapshot-replica.ts';
import { openNatsSnapshotStore } from './nats-snapshot-store.ts';
import { localSnapshotStore, localSnapshotStoreWith, type SnapshotStore } from '../publish/snapshot-store.ts';
import type { ExportSettings } from '../exports/export-manifest.ts';
import type { RunStore } from '../runs/run-store.ts';
import { NoSigningKeyError, publisherOf, replicaTrustOf } from './signing-policy.ts';
import { loadVerifyKeys, type VerifyKey } from './pointer-signature.ts';
import { COUNTRY_CODES } from '../../model/place.ts';
import { ConfigError } from '../../platform/environment.ts';
import type { ResignOutcome } from './nats-snapshot-store.ts';

export type { ReplicaStatus, SnapshotReplica } from './snapshot-replica.ts';
export { SigningRefusal } from './signing-policy.ts';
export { refusedExports } from './stored-exports.ts';
export { createSigningKeyPair } from './snapshot-key-files.ts';
export { keyIdOf, loadSigningKey, loadVerifyKeys } from './pointer-signature.ts';
export type { ResignOutcome } from './nats-snapshot-store.ts';

/** What a publisher writes into export manifests: its public URL (profile links) and the configured licence and attribution. */
export function exportSettingsOf(config: Partial<Pick<Config, 'publicUrl' | 'port' | 'exports'>>): ExportSettings {
  return {
    publicUrl: config.publicUrl ?? `http://localhost:${config.port ?? 3000}`,
    licence: config.exports?.licence ?? null,
    attribution: config.exports?.attribution ?? null,
  };
}

export async function openSnapshotStore(
  config: Pick<Config, 'snapshotStore' | 'keepSnapshots'> & Partial<Pick<Config, 'publicUrl' | 'port' | 'exports'>>,
  name = 'lodging',
): Promise<SnapshotStore> {
  if (!config.snapshotStore) return localSnapshotStoreWith(exportSettingsOf(config));
  return openNatsSnapshotStore(config.snapshotStore, { keep: config.keepSnapshots, name, exports: exportSettingsOf(config) });
}

/**
 * Null without a shared store: the process serves its own data directory, as always. With one, throws ConfigError when
 * no verify key is set and unsigned records are not allowed: a replica never starts following unverified pointers.
 */
export function startReplicaFor(config: Pick<Config, 'snapshotStore' | 'keepSnapshots' | 'dataDir'>, onSwitch: () => void, log: ReplicaLog): SnapshotReplica | null {
  const shared = config.snapshotStore;
  if (!shared) return null;
  const trust = replicaTrustOf(shared);
  if (trust.kind === 'unsigned') log.warn({ unsignedPointers: true }, 'LODGING_SNAPSHOT_UNSIGNED=allow: following UNSIGNED snapshot pointers; anyone who can write the NATS buckets decides what this replica serves');
  return startSnapshotReplica({
    dataDir: config.dataDir,
    keep: config.keepSnapshots,
    trust,
    // The follower never moves a pointer: it never reads the signing key.
    open: () => openNatsSnapshotStore(shared, { keep: config.keepSnapshots, name: 'lodging-serve', publisher: { kind: 'refused' } }),
    onSwitch,
    log,
  });
}

/**
 * `lodging snapshot-keys resign`: every country's current and kept records signed anew with LODGING_SNAPSHOT_SIGNING_KEY.
 * A record already signed must verify with that key or one of LODGING_SNAPSHOT_VERIFY_KEY (the old key while rotating).
 */
export async function resignSnapshotRecords(config: Pick<Config, 'snapshotStore' | 'keepSnapshots'>): Promise<ResignOutcome[]> {
  const shared = config.snapshotStore;
  if (!shared) throw new ConfigError('lodging snapshot-keys resign needs LODGING_SNAPSHOT_STORE: only shared pointer records are signed');
  const publisher = publisherOf(shared);
  if (publisher.kind !== 'signed') throw new NoSigningKeyError();
  let trusted: VerifyKey[];
  try {
    trusted = loadVerifyKeys(shared.verifyKeyFiles ?? []);
  } catch (error) {
    throw new ConfigError(`LODGING_SNAPSHOT_VERIFY_KEY: ${error instanceof Error ? error.message : String(error)}`);
  }
  const store = await openNatsSnapshotStore(shared, { keep: config.keepSnapshots, name: 'lodging-snapshot-keys', publisher });
  try {
    const outcomes: ResignOutcome[] = [];
    for (const country of COUNTRY_CODES) outcomes.push(await store.resign(country, trusted));
    return outcomes;
  } finally {
    await store.close();
  }
}

/**
 * For a long-lived process (the operator console): the configured store, connected on first use rather than at start-up,
 * so a server starts while NATS is down; a failed connection is tried again by the next call.
 */
export function lazySnapshotStore(
  config: Pick<Config, 'snapshotStore' | 'keepSnapshots'> & Partial<Pick<Config, 'publicUrl' | 'port' | 'exports'>>,
  name: string,
): SnapshotStore {
  if (!config.snapshotStore) return localSnapshotStoreWith(exportSettingsOf(config));
  let opening: Promise<SnapshotStore> | null = null;
  const store = (): Promise<SnapshotStore> => {
    opening ??= openSnapshotStore(config, name).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };
  return {
    kind: 'nats',
    basis: async (country) => (await store()).basis(country),
    publish: async (dataDir, sealed, options) => (await store()).publish(dataDir, sealed, options),
    list: async (dataDir, country) => (await store()).list(dataDir, country),
    rollback: async (dataDir, country, options) => (await store()).rollback(dataDir, country, options),
    runs: (dataDir) => deferredRunStore(async () => (await store()).runs(dataDir)),
    async close() {
      const open = opening;
      opening = null;
      if (open) await (await open.catch(() => null))?.close();
    },
  };
}

/** A run store reached once its connection is open: each call waits for it (and fails as the connection does). */
function deferredRunStore(open: () => Promise<RunStore>): RunStore {
  return {
    kind: 'nats',
    save: async (run) => (await open()).save(run),
    read: async (runId) => (await open()).read(runId),
    update: async (runId, change) => (await open()).update(runId, change),
    list: async (filter) => (await open()).list(filter),
    saveReport: async (runId, json, html) => (await open()).saveReport(runId, json, html),
    readReport: async <T>(runId: string) => (await open()).readReport<T>(runId),
    reportFile: async (runId) => (await open()).reportFile(runId),
    shareCandidate: async (run) => (await open()).shareCandidate(run),
    fetchCandidate: async (run) => (await open()).fetchCandidate(run),
    dropCandidate: async (run) => (await open()).dropCandidate(run),
    saveRecords: async (runId, file) => (await open()).saveRecords(runId, file),
    fetchRecords: async (runId, file) => (await open()).fetchRecords(runId, file),
  };
}
