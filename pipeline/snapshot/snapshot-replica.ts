// A serve process's follower of the shared pointers: watches them, fetches and checks each new snapshot, activates it locally; says how current it is.
import { COUNTRY_CODES, type CountryCode } from '../../model/place.ts';
import { acquireCountryLock, CountryBusyError } from '../runs/country-lock.ts';
import { DigestMismatchError, followPointer, type FetchObject } from './follow-pointer.ts';
import { objectNameOf, type StoredSnapshot } from './stored-snapshot.ts';

/** What a replica needs of the shared store (the NATS snapshot store is one). */
export interface PointerSource {
  pointer(country: CountryCode): Promise<{ stored: StoredSnapshot | null; revision: number }>;
  fetch: FetchObject;
  watch(onMove: (country: CountryCode) => void, onEnd: (error: unknown) => void): () => void;
  close(): Promise<void>;
}

export interface ReplicaStatus {
  /** False until one whole pass over the pointers has succeeded: a late replica is not ready before it caught up. */
  caughtUp: boolean;
  /** Since when the store could not be read (the replica serves what it has meanwhile); null when it can. */
  staleSince: string | null;
  /** Countries whose current snapshot this replica cannot serve, and why (e.g. a digest mismatch). */
  problems: Partial<Record<CountryCode, { wanted: string; problem: string }>>;
}

export interface ReplicaLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface SnapshotReplica {
  status(): ReplicaStatus;
  /** Resolves once the first pass ended (caught up or not). */
  firstPass: Promise<void>;
  /** Runs one pass now (tests, and the watcher). */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface ReplicaOptions {
  dataDir: string;
  keep: number;
  open: () => Promise<PointerSource>;
  /** A country switched snapshots: the reader should look at its pointers now. */
  onSwitch: () => void;
  log: ReplicaLog;
  /** How often the pointers are read besides the watch (default 2 s): catches up after any outage. */
  pollMs?: number;
}

export function startSnapshotReplica(options: ReplicaOptions): SnapshotReplica {
  let source: PointerSource | null = null;
  let stopWatch: (() => void) | null = null;
  let caughtUp = false;
  let staleSince: string | null = null;
  const problems: ReplicaStatus['problems'] = {};
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const markStale = (error: unknown): void => {
    if (staleSince === null) {
      staleSince = new Date().toISOString();
      options.log.warn({ err: error }, 'snapshot store unreachable; serving the snapshots this machine has');
    }
  };

  const followCountry = async (country: CountryCode, stored: StoredSnapshot): Promise<void> => {
    let lock;
    try {
      lock = acquireCountryLock(options.dataDir, country, `replica-${process.pid}`, 'follow the shared pointer');
    } catch (error) {
      if (error instanceof CountryBusyError) {
        return; // an import or another process of this machine has it; the next poll tries again
      }
      throw error;
    }
    try {
      const result = await followPointer(options.dataDir, stored, source!.fetch, objectNameOf(stored.sha256), { keep: options.keep });
      if (problems[country]) delete problems[country];
      if (result === 'switched') {
        options.log.info({ country, version: stored.entry.version }, 'now serving the shared current snapshot');
        options.onSwitch();
      }
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      if (problems[country]?.wanted !== stored.entry.version || problems[country]?.problem !== problem) {
        options.log.error({ err: error, country, version: stored.entry.version, digestMismatch: error instanceof DigestMismatchError }, 'shared snapshot not served');
      }
      problems[country] = { wanted: stored.entry.version, problem };
    } finally {
      lock.release();
    }
  };

  const pass = async (): Promise<void> => {
    if (!source) {
      try {
        source = await options.open();
      } catch (error) {
        markStale(error);
        return;
      }
    }
    const pointers: [CountryCode, StoredSnapshot | null][] = [];
    try {
      for (const country of COUNTRY_CODES) pointers.push([country, (await source.pointer(country)).stored]);
    } catch (error) {
      markStale(error);
      return;
    }
    if (!stopWatch && !closed) {
      stopWatch = source.watch(
        () => void sync(),
        () => {
          stopWatch = null; // restarted by the next pass that reaches the store
        },
      );
    }
    for (const [country, stored] of pointers) if (stored && !closed) await followCountry(country, stored);
    if (staleSince !== null) options.log.info({ staleSince }, 'snapshot store reachable again; caught up');
    staleSince = null;
    caughtUp = true;
  };

  /** One pass at a time; a request during a pass runs one more pass after it. */
  const sync = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again && !closed && (await new Promise((resolve) => setTimeout(resolve, 100, true))));
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => void sync(), options.pollMs ?? 2_000);
  timer.unref();
  const firstPass = sync();

  return {
    status: () => ({ caughtUp, staleSince, problems: { ...problems } }),
    firstPass,
    sync,
    async close() {
      closed = true;
      clearInterval(timer);
      stopWatch?.();
      await running?.catch(() => undefined);
      await source?.close();
    },
  };
}
