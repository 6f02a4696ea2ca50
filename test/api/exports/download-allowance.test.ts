// The daily download allowance: starts count, resumptions of a file counted today do not, a new UTC day starts afresh.
import { describe, expect, it } from 'vitest';
import { DAY_MS, memoryDownloadAllowance } from '../../../api/exports/download-allowance.ts';

describe('memoryDownloadAllowance', () => {
  it('counts each start, lets a counted file resume for free, and refuses a start past the limit', () => {
    let now = 10 * DAY_MS + 1000;
    const allowance = memoryDownloadAllowance(2, () => now);
    expect(allowance.take('k', 'a', 0)).toMatchObject({ allowed: true, counted: true, remaining: 1 });
    expect(allowance.take('k', 'a', 500)).toMatchObject({ allowed: true, counted: false, remaining: 1 });
    expect(allowance.take('k', 'b', 500)).toMatchObject({ allowed: true, counted: true, remaining: 0 });
    expect(allowance.take('k', 'a', 0)).toMatchObject({ allowed: false, remaining: 0, resetS: 86_399 });
    expect(allowance.take('k', 'b', 9)).toMatchObject({ allowed: true, counted: false });
    expect(allowance.take('other', 'a', 0)).toMatchObject({ allowed: true, remaining: 1 });
    expect(allowance.used('k')).toBe(2);
    now += DAY_MS;
    expect(allowance.used('k')).toBe(0);
    expect(allowance.take('k', 'a', 7)).toMatchObject({ allowed: true, counted: true, remaining: 1 });
  });
});
