// The field-loss gate as a pure rule: skipped like the drop gate, warn above 10 points, refuse above the limit, naming fields.
import { describe, expect, it } from 'vitest';
import { fieldLossGate, fieldLossOf, type FieldShare } from '../../../pipeline/gates/field-loss-gate.ts';
import { DEFAULT_GATE_THRESHOLDS, evaluateGates } from '../../../pipeline/gates/gates.ts';

const f = (field: string, currentShare: number | null, share: number): FieldShare => ({ field, share, currentShare });

describe('field-loss gate', () => {
  it.each([
    ['a first import', [f('phone', null, 0)], null, 'skipped', null],
    ['a current snapshot under 100 places', [f('phone', 1, 0)], 99, 'skipped', null],
    ['no field measured now', [f('phone', null, 0.1)], 100, 'skipped', null],
    ['no field measured at all', null, 100, 'skipped', null],
    ['no loss', [f('phone', 0.5, 0.9)], 100, 'pass', 0],
    ['a loss of 10 points', [f('phone', 0.9, 0.8)], 100, 'pass', 0.1],
    ['a loss of 15 points', [f('phone', 0.9, 0.75)], 100, 'warn', 0.15],
    ['a loss of exactly 20 points', [f('phone', 0.3, 0.1)], 100, 'warn', 0.2],
    ['a loss of 21 points', [f('phone', 0.95, 0.74)], 100, 'fail', 0.21],
    ['the worst of several fields', [f('name', 1, 1), f('website', 0.6, 0.5), f('phone', 0.95, 0.1)], 5000, 'fail', 0.85],
  ] as const)('%s: %s', (_name, fields, currentPublished, status, measured) => {
    const gate = fieldLossGate(fields, currentPublished, 0.2, 100);
    expect(gate.gate).toBe('field-loss');
    expect([gate.status, gate.measured === null ? null : Number(gate.measured.toFixed(9))]).toEqual([status, measured]);
  });

  it('a refusal names every field over the limit with both shares, worst first', () => {
    const gate = fieldLossGate([f('website', 0.6, 0.3), f('name', 1, 1), f('phone', 0.95, 0.1)], 300, 0.2, 100);
    expect(gate.detail).toBe(
      'phone 95.0% now → 10.0% in the candidate (down 85.0 points); website 60.0% now → 30.0% in the candidate (down 30.0 points) (refused above 20.0 points, warned above 10.0 points)',
    );
  });

  it('the limit is a threshold: a higher one lets the same loss through with a warning', () => {
    expect(fieldLossGate([f('phone', 0.95, 0.1)], 300, 0.9, 100).status).toBe('warn');
    expect(fieldLossOf(f('phone', 0.1, 0.5))).toBe(0);
  });

  it('evaluateGates refuses on it and counts its warnings', () => {
    const base = { lines: 300, badLines: 0, rejected: 0, published: 300, currentPublished: 300 };
    expect(evaluateGates({ ...base, fieldShares: [f('phone', 0.95, 0.1)] }, DEFAULT_GATE_THRESHOLDS).refused).toBe(true);
    const warned = evaluateGates({ ...base, fieldShares: [f('phone', 0.95, 0.8)] }, DEFAULT_GATE_THRESHOLDS);
    expect([warned.refused, warned.warnings]).toEqual([false, 1]);
  });
});
