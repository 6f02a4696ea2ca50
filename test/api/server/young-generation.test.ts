// A serving process's young generation is bounded: in a forked process's flags, or held at run time, unless its flags or NODE_OPTIONS set a size.
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import {
  SEMI_SPACE_GROWING,
  SEMI_SPACE_HELD,
  SERVER_SEMI_SPACE_FLAG,
  holdYoungGeneration,
  servingExecArgv,
} from '../../../api/server/young-generation.ts';
import { SERVER_SEMI_SPACE_MIB } from '../../../model/limits.ts';

describe('servingExecArgv', () => {
  it('adds --max-semi-space-size from the limits to the flags given', () => {
    expect(servingExecArgv(['--import', 'tsx'], undefined)).toEqual(['--import', 'tsx', `--max-semi-space-size=${SERVER_SEMI_SPACE_MIB}`]);
    expect(SERVER_SEMI_SPACE_FLAG).toBe(`--max-semi-space-size=${SERVER_SEMI_SPACE_MIB}`);
  });

  it("keeps a size the deployment chose, in the flags or in NODE_OPTIONS", () => {
    expect(servingExecArgv(['--max-semi-space-size=32'], undefined)).toEqual(['--max-semi-space-size=32']);
    expect(servingExecArgv([], '--max-old-space-size=512 --max-semi-space-size=4')).toEqual([]);
    expect(servingExecArgv([], '--max-old-space-size=512')).toEqual([SERVER_SEMI_SPACE_FLAG]);
  });

  it('is smaller than V8 default (16 MiB a semi-space)', () => {
    expect(SERVER_SEMI_SPACE_MIB).toBeGreaterThan(0);
    expect(SERVER_SEMI_SPACE_MIB).toBeLessThan(16);
  });
});

describe('holdYoungGeneration', () => {
  const bound = 2 * SERVER_SEMI_SPACE_MIB * 2 ** 20;

  /**
   * Young garbage until a scavenge is seen, then a turn of the event loop for the observer under test. The garbage
   * escapes into a ring, so an optimising compiler cannot leave it unallocated; batches yield so the GC entry arrives.
   */
  const collectYoung = async () => {
    let scavenges = 0;
    const seen = new PerformanceObserver((list) => {
      scavenges += list.getEntries().filter((entry) => (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR).length;
    });
    seen.observe({ entryTypes: ['gc'] });
    const ring: unknown[] = new Array(4096);
    try {
      for (let batch = 0; scavenges === 0 && batch < 2_000; batch += 1) {
        for (let i = 0; i < 20_000; i += 1) ring[i % ring.length] = { i, text: `${batch}:${i}` };
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      seen.disconnect();
    }
    expect(scavenges).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('stops the growth at the bound, lets it grow again below it, and restores the factor when released', async () => {
    const flags: string[] = [];
    let size = bound / 4;
    const release = holdYoungGeneration([], undefined, (flag) => void flags.push(flag), () => size);
    expect(flags).toEqual([]);
    size = bound;
    await collectYoung();
    expect(flags).toEqual([SEMI_SPACE_HELD]);
    await collectYoung();
    expect(flags).toEqual([SEMI_SPACE_HELD]);
    size = bound / 2;
    await collectYoung();
    expect(flags).toEqual([SEMI_SPACE_HELD, SEMI_SPACE_GROWING]);
    size = bound;
    await collectYoung();
    release();
    expect(flags).toEqual([SEMI_SPACE_HELD, SEMI_SPACE_GROWING, SEMI_SPACE_HELD, SEMI_SPACE_GROWING]);
    await collectYoung();
    expect(flags).toHaveLength(4);
  });

  it('holds from the start when the young generation is already at the bound', () => {
    const flags: string[] = [];
    const release = holdYoungGeneration([], undefined, (flag) => void flags.push(flag), () => bound);
    expect(flags).toEqual([SEMI_SPACE_HELD]);
    release();
    expect(flags).toEqual([SEMI_SPACE_HELD, SEMI_SPACE_GROWING]);
  });

  it('leaves a size the deployment chose alone', async () => {
    const flags: string[] = [];
    const set = (flag: string) => void flags.push(flag);
    const releases = [
      holdYoungGeneration(['--max-semi-space-size=32'], undefined, set, () => bound),
      holdYoungGeneration([], '--max-semi-space-size=4', set, () => bound),
    ];
    await collectYoung();
    for (const release of releases) release();
    expect(flags).toEqual([]);
  });
});
