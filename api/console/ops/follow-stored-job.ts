// A console import another process runs changes only in the job store: it is re-read there, and a listener told of each change.
import type { ImportJob, ImportJobStore } from './import-job-store.ts';

/** Polls the stored job every pollMs while `isLocal()` is false; returns the function that stops. */
export function followStoredJob(store: ImportJobStore, id: string, isLocal: () => boolean, listener: (job: ImportJob) => void, pollMs: number): () => void {
  let last = '';
  const poll = setInterval(() => {
    if (isLocal()) return;
    void store
      .get(id)
      .then((job) => {
        const text = job ? JSON.stringify(job) : '';
        if (job && text !== last) {
          last = text;
          listener(job);
        }
      })
      .catch(() => undefined);
  }, pollMs);
  return () => clearInterval(poll);
}
