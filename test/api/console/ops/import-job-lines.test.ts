// A console import's child lines change its job: progress figures, the run id, notices and other text; its exit sets the state.
import { describe, expect, it } from 'vitest';
import { applyChildLine, finishJob, runIdOf, say, stateOf } from '../../../../api/console/ops/import-job-lines.ts';
import { runningJob } from './support/running-job.ts';

const job = runningJob;

describe('applyChildLine', () => {
  it('takes the figures of a progress event, the run id of a start, the text of a notice', () => {
    const j = job();
    applyChildLine(j, JSON.stringify({ event: 'started', runId: 'run-1' }));
    applyChildLine(j, JSON.stringify({ event: 'progress', phase: 'reading', linesRead: 10, listingsWritten: 8, bytesRead: 100, bytesTotal: 400 }));
    applyChildLine(j, JSON.stringify({ event: 'notice', text: 'waiting for a worker' }));
    expect(j.runId).toBe('run-1');
    expect(j.progress).toMatchObject({ phase: 'reading', linesRead: 10, listingsWritten: 8 });
    expect(j.progress).not.toHaveProperty('event');
    expect(j.messages).toEqual(['waiting for a worker']);
  });

  it('keeps any other non-blank line as a message, and skips blank ones', () => {
    const j = job();
    applyChildLine(j, 'Error: disk full');
    applyChildLine(j, '   ');
    expect(j.messages).toEqual(['Error: disk full']);
  });
});

describe('say', () => {
  it('keeps the newest 20 messages, each at most 500 characters', () => {
    const j = job();
    for (let i = 0; i < 25; i++) say(j, `line ${i}`);
    say(j, 'x'.repeat(600));
    expect(j.messages).toHaveLength(20);
    expect(j.messages[0]).toBe('line 6');
    expect(j.messages.at(-1)).toHaveLength(500);
  });
});

describe('stateOf, runIdOf and finishJob', () => {
  it('reads the exit code: 0 published or dry run, 3 refused, anything else failed', () => {
    expect(stateOf(0, false)).toBe('published');
    expect(stateOf(0, true)).toBe('dry-run');
    expect(stateOf(3, false)).toBe('refused');
    expect(stateOf(1, false)).toBe('failed');
    expect(stateOf(null, true)).toBe('failed');
  });

  it('reads the run id of the --json report, and nothing of other output', () => {
    expect(runIdOf('{"runId":"run-9","published":true}')).toBe('run-9');
    expect(runIdOf('{"runId":9}')).toBeNull();
    expect(runIdOf('not json')).toBeNull();
  });

  it('finishes a job: code, state, end time, the report’s run id unless one came before, and a start error as a message', () => {
    const j = job();
    finishJob(j, 0, '{"runId":"run-2"}');
    expect(j).toMatchObject({ exitCode: 0, state: 'published', runId: 'run-2' });
    expect(j.finishedAt).not.toBeNull();
    const early = job({ runId: 'run-1' });
    finishJob(early, null, '{"runId":"run-2"}', new Error('spawn ENOENT'));
    expect(early).toMatchObject({ state: 'failed', runId: 'run-1', messages: ['the import process could not start: spawn ENOENT'] });
  });
});
