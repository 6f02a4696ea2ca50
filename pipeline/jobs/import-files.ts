// One country's export normalised and published in this process: what `npm start` and the tests use.
import { createInProcessRunner, type InProcessRunnerOptions } from './in-process-runner.ts';
import type { ImportJob, ImportResult } from './runner.ts';

export async function importFiles(job: ImportJob, options?: InProcessRunnerOptions): Promise<ImportResult> {
  return createInProcessRunner(options).run(job);
}
