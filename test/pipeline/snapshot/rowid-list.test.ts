// A posting list being built: rowids in the order added, the last one again kept once, across its array's growth.
import { describe, expect, it } from 'vitest';
import { RowidList } from '../../../pipeline/snapshot/rowid-list.ts';

describe('RowidList', () => {
  it('keeps rowids in order, a repeat of the last one once', () => {
    const list = new RowidList();
    for (const rowid of [1, 1, 4, 9, 9, 9, 12]) list.add(rowid);
    expect(Array.from(list.view())).toEqual([1, 4, 9, 12]);
    expect(list.length).toBe(4);
    expect(new RowidList().view()).toHaveLength(0);
  });

  it('keeps every rowid as its array grows', () => {
    const list = new RowidList();
    const added: number[] = [];
    for (let rowid = 1; rowid <= 100_000; rowid += 1 + (rowid % 3)) {
      list.add(rowid);
      list.add(rowid);
      added.push(rowid);
    }
    expect(Array.from(list.view())).toEqual(added);
    expect(list.view().buffer.byteLength).toBeLessThanOrEqual(added.length * 4 * 1.5 + 64);
  });
});
