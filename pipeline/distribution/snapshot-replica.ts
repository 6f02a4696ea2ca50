// A serve process's follower of the shared pointers: watches them, fetches and checks each new snapshot, activates it locally; says how current it is.
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { COUNTRY_CODES, type CountryCode } from '../../model/place.ts';
import { acquireCountryLock, CountryBusyError } from '../runs/country-lock.ts';
import { pruneExports } from '../exports/build-exports.ts';
import { DigestMismatchError, fetchSnapshotFile, followPointer, holdsSnapshotFile, type FetchObject } from './follow-pointer.ts';
import { fetchExports } from './stored-exports.ts';
import { UnusableRecordError, type StoredSnapshot } from './stored-snapshot.ts';
import { recordProblem } from './pointer-signature.ts';
import type { ReplicaTrust } from './signing-policy.ts';
import { actedSequence, rememberActedSequence } from './acted-sequence.ts';

/** A replica's presence lapses this long after its last renewal (a machine that died stops being waited for). */
export const PRESENCE_TTL_MS = 15_000;
/** How often a live replica renews its presence: well within the TTL, so a busy moment does not lapse it. */
const PRESENCE_RENEW_MS = 4_000;

/** What a replica says of an announced snapshot: it holds the file, checked (problem null), or why it could not. */
export interface StageAck {
  version: string;
  sha256: string;
  problem: string | null;
}

/** Staged publishes: a publisher announces a snapshot and waits until every live machine holds it before moving the pointer. */
export interface StagingSource {
  /** The snapshot about to become current (its object uploaded, the pointer not moved yet), or null. */
  staged(country: CountryCode): Promise<StoredSnapshot | null>;
  /** This machine is alive (renewed well within the presence's time to live) / leaves for good. */
  present(machine: string): Promise<void>;
  leave(machine: string): Promise<void>;
  acknowledge(machine: string, country: CountryCode, ack: StageAck): Promise<void>;
}

/** What a replica needs of the shared store (the NATS snapshot store is one). */
export interface PointerSource extends StagingSource {
  pointer(country: CountryCode): Promise<{ stored: StoredSnapshot | null; revision: number }>;
  fetch: FetchObject;
  watch(onMove: (country: CountryCode) => void, onEnd: (error: unknown) => void): () => void;
  close(): Promise<void>;
}

/** One name per data directory of one host: the processes of `serve --processes N` share it, and one of them fetches. */
export function machineOf(dataDir: string): string {
  return createHash('sha256').update(`${hostname()}\n${path.resolve(dataDir)}`).digest('hex').slice(0, 16);
}

export interface ReplicaStatus {
  /** False until one whole pass over the pointers has succeeded: a late replica is not ready before it caught up. */
  caughtUp: boolean;
  /** Since when the store could not be read (the replica serves what it has meanwhile); null when it can. */
  staleSince: string | null;
  /** Countries whose current snapshot this replica cannot serve, and why (e.g. a digest mismatch, a record whose signature fails). */
  problems: Partial<Record<CountryCode, { wanted: string; problem: string }>>;
  /** Pointer records are followed without checking any signature (LODGING_SNAPSHOT_UNSIGNED=allow). */
  unsigned: boolean;
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
  /** Which records are followed: those signed by a trusted key for this prefix, or (development only) any. */
  trust: ReplicaTrust;
  /** How often the pointers are read besides the watch (default 2 s): catches up after any outage. */
  pollMs?: number;
  /** How often this machine renews its presence, so publishers wait for it (default PRESENCE_RENEW_MS). */
  presenceMs?: number;
}

export function startSnapshotReplica(options: ReplicaOptions): SnapshotReplica {
  let source: PointerSource | null = null;
  let stopWatch: (() => void) | null = null;
  let caughtUp = false;
  let staleSince: string | null = null;
  const problems: ReplicaStatus['problems'] = {};
  /** Announcements refused (a forged `stage.<cc>`): listed while the announcement stays, whatever the current pointer does. */
  const refusedAnnouncements: ReplicaStatus['problems'] = {};
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const machine = machineOf(options.dataDir);
  /** The announced snapshot this machine last answered for, per country. */
  const answered = new Map<CountryCode, string>();

  const markStale = (error: unknown): void => {
    if (staleSince === null) {
      staleSince = new Date().toISOString();
      options.log.warn({ err: error }, 'snapshot store unreachable; serving the snapshots this machine has');
    }
  };

  /** Records that fail verification are never acted on: the country keeps serving what it verified, and says why. */
  const reportProblem = (country: CountryCode, wanted: string, problem: string, fields: object = {}, list = problems): void => {
    if (list[country]?.wanted !== wanted || list[country]?.problem !== problem) {
      options.log.error({ ...fields, country, version: wanted, problem }, 'shared snapshot not served');
    }
    list[country] = { wanted, problem };
  };

  /** Why this record must not be acted on, or null (always null when unsigned records are allowed). */
  const untrusted = (country: CountryCode, stored: StoredSnapshot): string | null => {
    const { trust } = options;
    if (trust.kind === 'unsigned') return null;
    return recordProblem(stored, { prefix: trust.prefix, country, notBefore: actedSequence(options.dataDir, country) }, trust.keys);
  };

  const followCountry = async (country: CountryCode, stored: StoredSnapshot): Promise<void> => {
    const refused = untrusted(country, stored);
    if (refused) return reportProblem(country, stored.entry.version, `pointer record refused: ${refused}`);
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
      const result = await followPointer(options.dataDir, stored, source!.fetch, {
        keep: options.keep,
        onExportProblem: (problem) => options.log.error({ country, version: stored.entry.version, problem }, 'shared export files not served'),
      });
      if (result === 'switched') pruneExports(options.dataDir, country);
      if (stored.signature && options.trust.kind === 'verify') rememberActedSequence(options.dataDir, country, stored.signature.sequence);
      if (problems[country]) delete problems[country];
      if (result === 'switched') {
        options.log.info({ country, version: stored.entry.version }, 'now serving the shared current snapshot');
        options.onSwitch();
      }
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      reportProblem(country, stored.entry.version, problem, { err: error, digestMismatch: error instanceof DigestMismatchError });
    } finally {
      lock.release();
    }
  };

  /** Fetches an announced snapshot ahead of its pointer move and says so; the move then costs a swap. */
  const stageCountry = async (country: CountryCode, stored: StoredSnapshot): Promise<void> => {
    const { version } = stored.entry;
    const refused = untrusted(country, stored);
    if (refused) {
      // Nothing is fetched for it, nor acknowledged: a publisher waits for a record it signed, not this one.
      answered.set(country, `${version} ${stored.sha256}`);
      return reportProblem(country, version, `announced record refused: ${refused}`, {}, refusedAnnouncements);
    }
    delete refusedAnnouncements[country];
    let problem: string | null = null;
    // A machine that published it (the console of this very replica, an import beside it) holds it checked already.
    if (!holdsSnapshotFile(options.dataDir, stored)) {
      let lock;
      try {
        lock = acquireCountryLock(options.dataDir, country, `replica-${process.pid}`, 'fetch an announced snapshot');
      } catch (error) {
        if (error instanceof CountryBusyError) return; // the process that holds it answers, or the next pass does
        throw error;
      }
      try {
        await fetchSnapshotFile(options.dataDir, stored, source!.fetch);
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
        options.log.warn({ err: error, country, version }, 'announced snapshot not fetched ahead; its pointer move will try again');
      } finally {
        lock.release();
      }
    }
    // The export files the record lists, ahead too (checked against it, as at the move): the move then finds them in
    // place and checks them again instead of downloading them. A problem here holds nothing back: the move tries again.
    if (problem === null) {
      const exported = await fetchExports(options.dataDir, stored, source!.fetch).catch((error: unknown) => ({ problem: error instanceof Error ? error.message : String(error) }));
      if (typeof exported === 'object') options.log.warn({ country, version, problem: exported.problem }, 'announced export files not fetched ahead; the pointer move will try again');
    }
    await source!.acknowledge(machine, country, { version, sha256: stored.sha256, problem });
    answered.set(country, `${version} ${stored.sha256}`);
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
      for (const country of COUNTRY_CODES) {
        try {
          pointers.push([country, (await source.pointer(country)).stored]);
        } catch (error) {
          // A record that is not a snapshot record of this country (another country's, say): that country keeps what it serves.
          if (!(error instanceof UnusableRecordError)) throw error;
          reportProblem(country, '(unknown)', `pointer record refused: ${error.message}`);
        }
      }
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
    // Then what publishers announced: caught up first, so a late replica serves the current snapshots soonest.
    try {
      for (const [country, current] of pointers) {
        const staged = closed ? null : await source.staged(country).catch((error: unknown) => {
          if (error instanceof UnusableRecordError) return null;
          throw error;
        });
        if (!staged || staged.sha256 === current?.sha256) delete refusedAnnouncements[country];
        if (staged && staged.sha256 !== current?.sha256 && answered.get(country) !== `${staged.entry.version} ${staged.sha256}`) await stageCountry(country, staged);
      }
    } catch (error) {
      markStale(error);
      return;
    }
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
  // Presence on its own clock: a pass busy fetching 500 MB must not let it lapse.
  const renewPresence = () => void source?.present(machine).catch(() => undefined);
  const presence = setInterval(renewPresence, options.presenceMs ?? PRESENCE_RENEW_MS);
  presence.unref();
  const firstPass = sync().then(renewPresence);

  return {
    status: () => ({ caughtUp, staleSince, problems: { ...refusedAnnouncements, ...problems }, unsigned: options.trust.kind === 'unsigned' }),
    firstPass,
    sync,
    async close() {
      closed = true;
      clearInterval(timer);
      clearInterval(presence);
      stopWatch?.();
      await running?.catch(() => undefined);
      await source?.leave(machine).catch(() => undefined); // publishers stop waiting for this machine at once
      await source?.close();
    },
  };
}
