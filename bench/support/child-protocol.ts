// What the benchmark children print: a prefixed JSON line each, kept apart from the scripts so the parent can
// import the shapes without running a child's top-level code.

export const PROFILE_RESULT_PREFIX = 'PROFILE_STAGES_RESULT ';

export interface ImportOnceResult {
  lines: number;
  listings: number;
  published: number;
  wallMs: number;
  /** From the start to the last chunk written (read, normalise, write), then publish (indexes, FTS, pointer). */
  readWriteMs: number;
  publishMs: number;
  peakRssSampledBytes: number;
  maxRssBytes: number;
  threads: number;
  /** CPU time of the import process, all threads (sampled every 50 ms while it runs): robust where wall time is not. */
  cpuMs?: number;
  unknownLabelsDistinct: number;
}

export interface StageProfile {
  lines: number;
  /** Microseconds per line on one core. */
  readUs: number;
  normaliseUs: number;
  writeUs: number;
  /** Publish of the sample's snapshot, in milliseconds (indexes and FTS grow with the count). */
  publishMs: number;
}
