// The publication gates as pure rules: thresholds, warning levels, the drop check only from 100 published places.
import { describe, expect, it } from 'vitest';
import { DEFAULT_GATE_THRESHOLDS, evaluateGates, type GateInput } from '../../../pipeline/gates/gates.ts';

const input = (over: Partial<GateInput>): GateInput => ({ lines: 100, badLines: 0, rejected: 0, published: 100, currentPublished: null, ...over });
const statuses = (over: Partial<GateInput>, thresholds = DEFAULT_GATE_THRESHOLDS) =>
  Object.fromEntries(evaluateGates(input(over), thresholds).gates.map((g) => [g.gate, g.status]));

describe('publication gates', () => {
  it('defaults: refuse above 50% rejected or unreadable, warn above 10%', () => {
    expect(DEFAULT_GATE_THRESHOLDS).toEqual({ maxRejectedShare: 0.5, maxDrop: 0.1, maxFieldLoss: 0.2 });
    expect(statuses({ rejected: 10, published: 90 })['rejected-share']).toBe('pass');
    expect(statuses({ rejected: 11, published: 89 })['rejected-share']).toBe('warn');
    expect(statuses({ rejected: 30, badLines: 20, published: 50 })['rejected-share']).toBe('warn');
    expect(statuses({ rejected: 30, badLines: 21, published: 49 })['rejected-share']).toBe('fail');
  });

  it('zero published and an empty input are refused', () => {
    expect(evaluateGates(input({ lines: 0, published: 0 })).gates.map((g) => [g.gate, g.status, g.measured])).toEqual([
      ['zero-published', 'fail', 0],
      ['rejected-share', 'fail', 1],
      ['published-drop', 'skipped', null],
      ['field-loss', 'skipped', null],
    ]);
    expect(evaluateGates(input({ lines: 0, published: 0 })).refused).toBe(true);
  });

  it('the drop gate: skipped on a first import and below 100 current places; warn above 5%, refuse above 10%', () => {
    expect(statuses({ currentPublished: null })['published-drop']).toBe('skipped');
    expect(statuses({ published: 10, currentPublished: 99 })['published-drop']).toBe('skipped');
    expect(statuses({ published: 95, currentPublished: 100 })['published-drop']).toBe('pass');
    expect(statuses({ published: 94, currentPublished: 100 })['published-drop']).toBe('warn');
    expect(statuses({ published: 90, currentPublished: 100 })['published-drop']).toBe('warn');
    expect(statuses({ published: 89, currentPublished: 100 })['published-drop']).toBe('fail');
    expect(statuses({ published: 500, currentPublished: 100 })['published-drop']).toBe('pass');
    expect(statuses({ published: 89, currentPublished: 100 }, { maxRejectedShare: 0.5, maxDrop: 0.2, maxFieldLoss: 0.2 })['published-drop']).toBe('warn');
  });

  it('every gate carries its measured value and a line a person reads', () => {
    const { gates, refused, warnings } = evaluateGates(input({ lines: 200, badLines: 10, rejected: 20, published: 170, currentPublished: 180 }));
    expect(refused).toBe(false);
    expect(warnings).toBe(2);
    expect(gates.find((g) => g.gate === 'rejected-share')).toMatchObject({ measured: 0.15, detail: expect.stringContaining('30 of 200 lines rejected or unreadable (15.0%') });
    expect(gates.find((g) => g.gate === 'published-drop')).toMatchObject({ detail: expect.stringContaining('170 published against 180 now (down 5.6%') });
  });
});
