// collectGarbage frees what nothing refers to any more, in a process started without --expose-gc.
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../platform/collect-garbage.ts';

describe('collectGarbage', () => {
  it('collects an object nothing refers to', async () => {
    const ref = (() => new WeakRef({ rows: new Array(1000).fill(1) }))();
    // A WeakRef's target is held to the end of the job that made it.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });

  it('can run again', () => {
    collectGarbage();
    collectGarbage();
  });
});
