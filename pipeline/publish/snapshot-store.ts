// Where published snapshots live: this data directory only (the default), or a store shared by every machine (NATS).
import type { CountryCode } from '../../model/place.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { activateSnapshot, type ActivateOptions } from '../snapshot/activate-snapshot.ts';
import type { SnapshotInfo } from '../snapshot/reader-types.ts';
import { fileRunStore, type RunStore } from '../runs/run-store.ts';
import { listSnapshots, rollback, type RollbackResult, type SnapshotListing } from './rollback.ts';
import { buildExports, pruneExports } from '../exports/build-exports.ts';
import type { ExportSettings, ExportsWritten } from '../exports/export-manifest.ts';

export interface PublishOptions extends ActivateOptions {
  /** From basis(): the publish fails with PointerMovedError when the pointer moved since. */
  basis?: number | null;
  /** Told how writing the new version's export files went, once they are written or have failed (after the pointer moved). */
  onExports?: (written: ExportsWritten) => void;
}

export interface RollbackOptions {
  to?: string;
  actor?: string;
}

/**
 * The publication side of snapshots. Callers hold the country's lock for publish. A publish that throws has left the
 * pointer as it was.
 */
export interface SnapshotStore {
  readonly kind: 'local' | 'nats';
  /**
   * What the country's pointer is now (a revision; null in a local store, where the country lock alone serializes
   * publishers). Read when an import or a publish starts and given back to publish: the compare-and-set basis.
   */
  basis(country: CountryCode): Promise<number | null>;
  /** Makes a sealed snapshot the one the country serves; returns what the pointer now holds. */
  publish(dataDir: string, sealed: SnapshotInfo, options?: PublishOptions): Promise<SnapshotInfo>;
  /** Kept snapshots of a country, newest publication first, the current one marked. */
  list(dataDir: string, country: CountryCode): Promise<SnapshotListing[]>;
  rollback(dataDir: string, country: CountryCode, options?: RollbackOptions): Promise<RollbackResult>;
  /** The run history that goes with these snapshots: this data directory's, or the one every machine shares. */
  runs(dataDir: string): RunStore;
  close(): Promise<void>;
}

/** Another publisher moved the pointer between our read and our write: nothing changed, the candidate stays held. */
export class PointerMovedError extends AppError {
  constructor(country: CountryCode, detail: string) {
    super(`${country}: another publisher moved the snapshot pointer first (${detail}); nothing was published, the candidate stays held: review it and publish again`, {
      code: 'pointer-moved',
      status: 409,
    });
    this.name = 'PointerMovedError';
  }
}

/** Manifests of a store opened without configuration (tests, library use): profile links under the default local address. */
export const DEFAULT_EXPORT_SETTINGS: ExportSettings = { publicUrl: 'http://localhost:3000', licence: null, attribution: null };

/**
 * Today's behaviour: the pointer file of this data directory, switched atomically, pruned locally; then the new
 * version's export files are written and those of pruned versions removed. An export that fails leaves the snapshot
 * live: the API builds the files on their first request.
 */
export function localSnapshotStoreWith(exportSettings: ExportSettings): SnapshotStore {
  return {
    kind: 'local',
    basis: async () => null,
    publish: async (dataDir, sealed, { basis: _basis, onExports, ...options } = {}) => {
      const live = activateSnapshot(dataDir, sealed, options);
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const manifest = await buildExports(dataDir, { country: live.country, version: live.version, publishedAt: live.publishedAt }, exportSettings);
        pruneExports(dataDir, live.country);
        onExports?.({ seconds: seconds(), files: manifest.files.map(({ format, bytes }) => ({ format, bytes })), error: null });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        process.emitWarning(`${live.country} ${live.version}: export files not written (${message}); they are built on first request`);
        onExports?.({ seconds: seconds(), files: [], error: message });
      }
      return live;
    },
    list: async (dataDir, country) => listSnapshots(dataDir, country),
    rollback: async (dataDir, country, options = {}) => rollback(dataDir, country, options),
    runs: fileRunStore,
    close: async () => undefined,
  };
}

export const localSnapshotStore: SnapshotStore = localSnapshotStoreWith(DEFAULT_EXPORT_SETTINGS);
