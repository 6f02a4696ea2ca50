// The rollback rule on its own: the target it picks, each refusal, and the events it leaves on the runs it swaps.
import { describe, expect, it } from 'vitest';
import { PublicationError } from '../../../pipeline/publish/publication-errors.ts';
import { rollbackEvents, rollbackTarget } from '../../../pipeline/publish/rollback-rule.ts';

const kept = (current: string | null, ...versions: string[]) => versions.map((version) => ({ version, runId: `run-${version}`, current: version === current }));

function refusal(attempt: () => unknown): { code: string; message: string } {
  try {
    attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(PublicationError);
    return { code: (error as PublicationError).code, message: (error as PublicationError).message };
  }
  throw new Error('no refusal');
}

describe('rollbackTarget', () => {
  it('goes to the snapshot published before the current one', () => {
    const { current, target } = rollbackTarget('es', kept('v3', 'v3', 'v2', 'v1'));
    expect([current?.version, target.version]).toEqual(['v3', 'v2']);
  });

  it('goes to a named snapshot, older or newer', () => {
    expect(rollbackTarget('es', kept('v2', 'v3', 'v2', 'v1'), 'v3').target.version).toBe('v3');
    expect(rollbackTarget('es', kept('v2', 'v3', 'v2', 'v1'), 'v1').target.version).toBe('v1');
  });

  it('takes the newest kept one when none is current', () => {
    expect(rollbackTarget('es', kept(null, 'v2', 'v1'))).toMatchObject({ current: null, target: { version: 'v2' } });
  });

  it('refuses with a reason: nothing published, nothing older, already current, unknown', () => {
    expect(refusal(() => rollbackTarget('pt', []))).toEqual({ code: 'nothing-to-roll-back', message: 'nothing to roll back to: pt has no published snapshot' });
    expect(refusal(() => rollbackTarget('pt', kept('v1', 'v2', 'v1')))).toEqual({
      code: 'nothing-to-roll-back',
      message: 'nothing to roll back to: pt has no kept snapshot older than the current v1',
    });
    expect(refusal(() => rollbackTarget('pt', kept('v1', 'v1'), 'v1'))).toEqual({ code: 'nothing-to-roll-back', message: 'snapshot v1 is already current for pt' });
    expect(refusal(() => rollbackTarget('pt', kept('v1', 'v1'), 'v0'))).toEqual({
      code: 'unknown-snapshot',
      message: 'no kept snapshot v0 for pt (see `lodging snapshots --country pt`)',
    });
  });
});

describe('rollbackEvents', () => {
  it('records on the run that stops being served and on the one served again', () => {
    expect(rollbackEvents('es', { version: 'v2', runId: 'r2' }, { version: 'v1', runId: 'r1' }, 'T', 'tester')).toEqual([
      { runId: 'r2', event: { at: 'T', by: 'tester', what: 'rolled back: its snapshot is no longer served', detail: 'es serves v1 again' } },
      { runId: 'r1', event: { at: 'T', by: 'tester', what: 'served again after a rollback', detail: 'es rolled back from v2' } },
    ]);
  });

  it('records nothing for a snapshot that names no run, and says "nothing" when none served', () => {
    expect(rollbackEvents('es', { version: 'v2', runId: '' }, { version: 'v1', runId: 'r1' }, 'T', 'tester').map((e) => e.runId)).toEqual(['r1']);
    expect(rollbackEvents('es', null, { version: 'v1', runId: 'r1' }, 'T', 'tester')[0]!.event.detail).toBe('es rolled back from nothing');
  });
});
