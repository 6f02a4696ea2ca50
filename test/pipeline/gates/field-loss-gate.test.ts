// The field-loss gate as a pure rule: kept places (same id) that lose a field refuse; new places only ever warn.
import { describe, expect, it } from 'vitest';
import { fieldLossGate } from '../../../pipeline/gates/field-loss-gate.ts';
import { DEFAULT_GATE_THRESHOLDS, evaluateGates } from '../../../pipeline/gates/gates.ts';
import type { KeptFieldCounts, KeptFieldFill } from '../../../pipeline/snapshot/kept-field-fill.ts';

const f = (field: string, before: number, after: number, lost: number, newFilled = 0): KeptFieldCounts => ({ field, before, after, lost, newFilled });
const fill = (kept: number, fields: KeptFieldCounts[], newPlaces = 0): KeptFieldFill => ({ kept, newPlaces, fields });

describe('field-loss gate', () => {
  it.each([
    ['a first import', null, null, 'skipped', null],
    ['no field counts', fill(300, []), 300, 'skipped', null],
    ['under 100 kept places', fill(99, [f('phone', 99, 0, 99)]), 5000, 'skipped', null],
    ['no loss', fill(100, [f('phone', 50, 90, 0)]), 100, 'pass', 0],
    ['10% of kept places lose it', fill(100, [f('phone', 90, 80, 10)]), 100, 'pass', 0.1],
    ['15% lose it', fill(100, [f('phone', 90, 75, 15)]), 100, 'warn', 0.15],
    ['exactly 20% lose it', fill(100, [f('phone', 30, 10, 20)]), 100, 'warn', 0.2],
    ['21% lose it', fill(100, [f('phone', 95, 74, 21)]), 100, 'fail', 0.21],
    ['the worst of several fields', fill(200, [f('name', 200, 200, 0), f('website', 120, 100, 20), f('phone', 190, 20, 170)]), 200, 'fail', 0.85],
  ] as const)('%s', (_name, counts, currentPublished, status, measured) => {
    const gate = fieldLossGate(counts, currentPublished, 0.2);
    expect(gate.gate).toBe('field-loss');
    expect([gate.status, gate.measured === null ? null : Number(gate.measured.toFixed(9))]).toEqual([status, measured]);
  });

  it('a country that grows passes: no kept place lost its website, the new places have none (a warning naming their share)', () => {
    // 489 kept places, 58.1% with a website before and after; 665 new places without one: 24.6% of the whole.
    const grown = fill(489, [f('website', 284, 284, 0, 0), f('phone', 480, 480, 0, 650)], 665);
    const gate = fieldLossGate(grown, 489, 0.2);
    expect(gate.status).toBe('warn');
    expect(gate.measured).toBe(0);
    expect(gate.detail).toBe(
      'none of the 489 kept places lost a field; 665 new places fill less (a warning, never a refusal): website 0.0% (kept places 58.1%) (refused above 20.0% of kept places, warned above 10.0%)',
    );
    expect(evaluateGates({ lines: 1154, badLines: 0, rejected: 0, published: 1154, currentPublished: 489, keptFields: grown }).refused).toBe(false);
  });

  it('80% of kept places losing their phones is refused, naming the field and both shares (every field over the limit, worst first)', () => {
    const gate = fieldLossGate(fill(300, [f('website', 180, 90, 90), f('name', 300, 300, 0), f('phone', 300, 60, 240)], 40), 300, 0.2);
    expect(gate.status).toBe('fail');
    expect(gate.detail).toBe(
      'phone lost by 240 of 300 kept places (80.0%; kept places with it 100.0% now → 20.0% in the candidate); website lost by 90 of 300 kept places (30.0%; kept places with it 60.0% now → 30.0% in the candidate); 40 new places (refused above 20.0% of kept places, warned above 10.0%)',
    );
  });

  it('new places never refuse, and under 100 of them they do not warn', () => {
    const fields = [f('phone', 300, 300, 0, 0)];
    expect(fieldLossGate(fill(300, fields, 5000), 300, 0.2).status).toBe('warn');
    expect(fieldLossGate(fill(300, fields, 99), 300, 0.2).status).toBe('pass');
  });

  it('the limit is a threshold: a higher one lets the same loss through with a warning', () => {
    expect(fieldLossGate(fill(300, [f('phone', 300, 60, 240)]), 300, 0.9).status).toBe('warn');
  });

  it('evaluateGates refuses on it and counts its warnings', () => {
    const base = { lines: 300, badLines: 0, rejected: 0, published: 300, currentPublished: 300 };
    expect(evaluateGates({ ...base, keptFields: fill(300, [f('phone', 285, 30, 255)]) }, DEFAULT_GATE_THRESHOLDS).refused).toBe(true);
    const warned = evaluateGates({ ...base, keptFields: fill(300, [f('phone', 285, 240, 45)]) }, DEFAULT_GATE_THRESHOLDS);
    expect([warned.refused, warned.warnings]).toEqual([false, 1]);
  });
});
