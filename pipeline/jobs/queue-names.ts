// The BullMQ wire format shared by `lodging import --queue` and `lodging worker`: queue name, Redis keys, job ids, payloads.
import type { SuppressionList } from '../normalise/suppression.ts';
import type { CountryCode } from '../../model/place.ts';
import type { ExportLine } from '../sources/read-export.ts';
import type { ChunkItem } from './process-chunk.ts';

/** One queue for the whole project: every run's chunk jobs go through it, each carrying its run id. */
export const IMPORT_QUEUE_NAME = 'lodging-import';
/** BullMQ's key prefix when LODGING_REDIS_PREFIX is the default `lodging:`; tests use their own so parallel suites never share keys. */
export const DEFAULT_QUEUE_PREFIX = 'lodging';

/**
 * BullMQ's prefix from LODGING_REDIS_PREFIX, so every Redis key of a deployment lies under that one prefix: BullMQ
 * adds its own `:` (`lodging:` gives `lodging:lodging-import:…`, as before; `acme:` gives `acme:lodging-import:…`).
 */
export function queuePrefixOf(redisPrefix: string): string {
  return redisPrefix.replace(/:+$/, '') || DEFAULT_QUEUE_PREFIX;
}
export const CHUNK_JOB_NAME = 'normalise-chunk';

export interface ChunkJobData {
  runId: string;
  chunkIndex: number;
  country: CountryCode;
  suppression: SuppressionList;
  lines: ExportLine[];
}

/** What a worker pushes onto the run's results list, JSON-encoded. */
export interface ChunkResult {
  chunkIndex: number;
  items: ChunkItem[];
}

/**
 * `${runId}.${chunkIndex}`: re-adding a chunk under the same id is a no-op while the job exists, so a chunk
 * is queued once per run. BullMQ refuses custom ids with a single `:` (its own ids use `a:b:c`), hence the dot.
 */
export function chunkJobId(runId: string, chunkIndex: number): string {
  return `${runId.replace(/:/g, '_')}.${chunkIndex}`;
}

export interface RunKeys {
  /** Exists while the writer is alive (it refreshes the expiry): workers drop chunks of runs that are over. */
  live: string;
  /** Chunk results, pushed by workers, popped and deleted by the writer. */
  results: string;
}

/** The `{runId}` hash tag keeps a run's keys in one slot, so the push script is valid on Redis Cluster too. */
export function runKeys(prefix: string, runId: string): RunKeys {
  const base = `${prefix}:${IMPORT_QUEUE_NAME}:run:{${runId}}`;
  return { live: `${base}:live`, results: `${base}:results` };
}
