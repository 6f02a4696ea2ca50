// What BullMQ workers on more cores would take, projected from one run's CPU: the importer's and the workers'.

/** One BullMQ run's CPU: the importing process's until publishing, and the worker processes' in all. */
export interface QueuedCpu {
  readingWallMs: number;
  importerReadingCpuMs: number;
  workersCpuMs: number;
  /** After the last listing: the seal, the review, the pointer and the export files, all in the importing process. */
  afterReadingMs: number;
}

/**
 * The wall time N worker processes would take with a core each and one for the importing process, from one run's
 * CPU: while reading, the slower of the importer's own work (parsing, handing out chunks, writing rows) and the
 * workers' normalising shared by N; after reading, what the importer does alone, as measured. The run with one worker
 * is the one to use on a small machine: two processes on two cores, neither waiting for a core.
 */
export function projectFromCpu(cpu: QueuedCpu, workers: number): number {
  return Math.max(cpu.importerReadingCpuMs, cpu.workersCpuMs / workers) + cpu.afterReadingMs;
}
