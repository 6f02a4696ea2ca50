// The operator console: the page groups for accounts with role operator, mounted into /console beside the developer pages.
import type { Redis } from 'ioredis';
import { isHeld, lazySnapshotStore, queuePrefixOf, type RunStore } from '../../../pipeline/index.ts';
import { openNatsImportJobStore } from './nats-import-job-store.ts';
import { openRedisImportJobStore } from './redis-import-job-store.ts';
import { consoleImportsPath, openSqliteImportJobStore } from './sqlite-import-job-store.ts';
import { pruneUploads } from './upload-retention.ts';
import type { Logger } from 'pino';
import type { Config } from '../../../platform/environment.ts';
import type { ConsolePlugin } from '../console-kit.ts';
import { createImportLauncher, type ImportLauncher } from './import-jobs.ts';
import { accountPages } from './account-pages.ts';
import { actionConfirmations } from './action-confirmations.ts';
import { countryPages } from './country-pages.ts';
import { heldPages } from './held-pages.ts';
import { importPages } from './import-pages.ts';
import { labelPages } from './label-pages.ts';
import { runPages } from './run-pages.ts';
import { snapshotPages } from './snapshot-pages.ts';
import { mountOpsStatic } from './ops-static.ts';
import { OPS, type OpsContext, type OpsPlugin } from './ops-kit.ts';
import type { QueueBoard } from './queue-board.ts';
import { loadQueueBoard, queuePages } from './queue-pages.ts';
import { suppressionPages } from './suppression-pages.ts';

/** Held candidates waiting for a decision, for the badge beside "Held" in the navigation (none shown while the run history cannot be read). */
async function countHeld(runs: RunStore): Promise<number> {
  return (await runs.list().catch(() => [])).filter((run) => isHeld(run)).length;
}

/** The multipart route, whose handler checks the CSRF token from the form's first field. */
export const OPS_MULTIPART_PATHS = ['/ops/imports/upload'];

export interface OperatorConsole {
  plugin: ConsolePlugin;
  launcher: ImportLauncher;
  /** Stops running console imports and the queue dashboard's connection. */
  close(): Promise<void>;
}

export function createOperatorConsole(config: Config, logger: Logger, redis: Redis | null = null): OperatorConsole {
  // The children see the server's own configuration (what it was started with, whatever the process environment says now).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LODGING_DATA_DIR: config.dataDir,
    REDIS_URL: config.redisUrl ?? '',
    LODGING_REDIS_PREFIX: config.redisPrefix,
    LODGING_THREADS: config.threads === undefined ? '' : String(config.threads),
    // A label mapped on the Unknown labels page is in these tables: the next import reads them.
    LODGING_LABELS_DIR: config.labelsDir,
    LODGING_IMPORT_MAX_DECOMPRESSED_BYTES: String(config.importCaps.maxDecompressedBytes),
    LODGING_IMPORT_MAX_LINES: String(config.importCaps.maxLines),
    LODGING_IMPORT_MAX_COMPRESSION_RATIO: String(config.importCaps.maxCompressionRatio),
  };
  // Console imports are seen by every process serving the console: SQLite beside the data on one machine, Redis across
  // machines, and NATS with the run history whenever the snapshots are shared there.
  const store = config.snapshotStore
    ? openNatsImportJobStore(config.snapshotStore)
    : redis
      ? openRedisImportJobStore(redis, config.redisPrefix)
      : openSqliteImportJobStore(consoleImportsPath(config.dataDir));
  const launcher = createImportLauncher({ env, dataDir: config.dataDir, queue: Boolean(config.redisUrl), store });
  const board: Promise<QueueBoard> | null = config.redisUrl
    ? loadQueueBoard(config.redisUrl, queuePrefixOf(config.redisPrefix), `${OPS}/queues/board`, (error) => logger.warn({ err: error }, 'queue dashboard: redis unavailable'))
    : null;
  const snapshots = lazySnapshotStore(config, 'lodging-console');
  const ops: OpsContext = {
    dataDir: config.dataDir,
    importDir: config.importDir,
    labelsDir: config.labelsDir,
    uploadMaxBytes: config.uploadMaxBytes,
    uploads: config.uploads,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    launcher,
    publication: { thresholds: config.gates, keep: config.keepSnapshots },
    snapshots,
    runs: snapshots.runs(config.dataDir),
  };
  // Uploads past their retention go at start-up too, not only when the next upload arrives.
  pruneUploads(config.importDir, config.uploads).catch((error: unknown) => logger.warn({ err: error }, 'upload retention: could not prune'));
  // Navigation order: the daily work first.
  const groups: { href: string; label: string; mount: OpsPlugin }[] = [
    { href: `${OPS}/countries`, label: 'Countries', mount: countryPages },
    { href: `${OPS}/runs`, label: 'Runs', mount: runPages },
    { href: `${OPS}/held`, label: 'Held', mount: heldPages },
    { href: `${OPS}/imports`, label: 'Imports', mount: importPages },
    { href: `${OPS}/suppressions`, label: 'Suppressions', mount: suppressionPages },
    { href: `${OPS}/labels`, label: 'Unknown labels', mount: labelPages },
    { href: `${OPS}/accounts`, label: 'Accounts', mount: accountPages },
    { href: `${OPS}/queues`, label: 'Queues', mount: queuePages(board) },
  ];
  return {
    launcher,
    plugin: (router, kit) => {
      mountOpsStatic(router);
      for (const group of groups) {
        const count = group.href === `${OPS}/held` ? () => countHeld(ops.runs) : undefined;
        kit.nav.push({ href: group.href, label: group.label, role: 'operator', ...(count ? { count } : {}) });
        group.mount(router, kit, ops);
      }
      // Reached from Countries (one per country), not from the navigation.
      snapshotPages(router, kit, ops);
      // The confirmation pages of destructive actions, reached from the Accounts and Suppressions lists.
      actionConfirmations(router, kit, ops);
    },
    async close() {
      await launcher.close();
      await store.close();
      await board?.then((loaded) => loaded.close(), () => undefined);
      await ops.snapshots.close();
    },
  };
}
