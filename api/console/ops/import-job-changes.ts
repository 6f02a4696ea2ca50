// Every change of a console import's job: saved to the job store in order (chained per job) and told to the job's listeners.
import type { ImportJob, ImportJobStore } from './import-job-store.ts';

export type JobListener = (job: ImportJob) => void;

export interface JobChanges {
  /** Saves a copy of the job (after its earlier saves) and tells its listeners. */
  changed(job: ImportJob): void;
  /** Adds a listener of one job; returns the function that removes it. */
  listen(id: string, listener: JobListener): () => void;
  /** Resolves once the job's saves so far are done. */
  saved(id: string): Promise<void>;
  /** Resolves once every save under way is done. */
  allSaved(): Promise<void>;
}

export function createJobChanges(store: ImportJobStore): JobChanges {
  const listeners = new Map<string, Set<JobListener>>();
  // Saves are chained per job, so the store never sees an older state after a newer one.
  const saving = new Map<string, Promise<void>>();
  return {
    changed(job) {
      const snapshot = structuredClone(job);
      const previous = saving.get(job.id) ?? Promise.resolve();
      const next = previous.then(() => store.save(snapshot, Date.now())).catch(() => undefined);
      saving.set(job.id, next);
      void next.then(() => {
        if (saving.get(job.id) === next) saving.delete(job.id);
      });
      for (const listener of listeners.get(job.id) ?? []) listener(snapshot);
    },
    listen(id, listener) {
      let set = listeners.get(id);
      if (!set) listeners.set(id, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(id);
      };
    },
    saved: (id) => saving.get(id) ?? Promise.resolve(),
    allSaved: async () => {
      await Promise.all([...saving.values()]);
    },
  };
}
