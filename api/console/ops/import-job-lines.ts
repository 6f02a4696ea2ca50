// What a console import's child says, applied to its job: progress, run id and notices as they come, the state once it exits.
import type { ImportJob, ImportJobState } from './import-job-store.ts';
import { parseProgressLine } from './read-progress-line.ts';

/** The messages a job keeps (the newest), each at most 500 characters. */
const MAX_MESSAGES = 20;

/** Adds a message to the job, keeping the newest MAX_MESSAGES. */
export function say(job: ImportJob, line: string): void {
  job.messages.push(line.slice(0, 500));
  if (job.messages.length > MAX_MESSAGES) job.messages.splice(0, job.messages.length - MAX_MESSAGES);
}

/** One line of the child's stderr: a progress event's figures, the run id, a notice, or any other text as a message. */
export function applyChildLine(job: ImportJob, line: string): void {
  const event = parseProgressLine(line);
  if (event?.event === 'progress') {
    const { event: _event, ...figures } = event;
    job.progress = figures;
  } else if (event?.event === 'started') {
    job.runId = event.runId;
  } else if (event?.event === 'notice') {
    say(job, event.text);
  } else if (line.trim() !== '') {
    say(job, line);
  }
}

/** The job's state from the child's exit code: 0 published (or a finished dry run), 3 refused by a gate, else failed. */
export function stateOf(code: number | null, dryRun: boolean): ImportJobState {
  if (code === 0) return dryRun ? 'dry-run' : 'published';
  if (code === 3) return 'refused';
  return 'failed';
}

/** The run id in the child's --json report, when it has one. */
export function runIdOf(stdout: string): string | null {
  try {
    const report = JSON.parse(stdout) as { runId?: unknown };
    return typeof report.runId === 'string' ? report.runId : null;
  } catch {
    return null;
  }
}

/** The job once its child has exited (or could not start): exit code, state, end time, and the run id from the report if none came earlier. */
export function finishJob(job: ImportJob, code: number | null, stdout: string, error?: Error): void {
  if (error) say(job, `the import process could not start: ${error.message}`);
  job.exitCode = code;
  job.state = stateOf(code, job.dryRun);
  job.finishedAt = new Date().toISOString();
  if (job.runId === null) job.runId = runIdOf(stdout);
}
