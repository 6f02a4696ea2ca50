// The download allowance's rule: a start counts, a resumption of a file counted today is free, a counting request past the limit is refused.
import { describe, expect, it } from 'vitest';
import { downloadVerdict } from '../../../api/usage/download-verdict.ts';

describe('downloadVerdict', () => {
  it.each([
    ['a start under the limit', { count: 1, fileCounted: false }, 0, { counts: true, allowed: true }],
    ['a start of a file counted today counts again', { count: 1, fileCounted: true }, 0, { counts: true, allowed: true }],
    ['a resumption of a counted file is free', { count: 2, fileCounted: true }, 500, { counts: false, allowed: true }],
    ['a resumption of a counted file is free past the limit', { count: 2, fileCounted: true }, 500, { counts: false, allowed: true }],
    ['a resumption of a file not counted today counts', { count: 1, fileCounted: false }, 500, { counts: true, allowed: true }],
    ['a start at the limit is refused', { count: 2, fileCounted: false }, 0, { counts: true, allowed: false }],
    ['a resumption of an uncounted file at the limit is refused', { count: 2, fileCounted: false }, 9, { counts: true, allowed: false }],
  ])('%s', (_label, day, fromByte, expected) => {
    expect(downloadVerdict(day, fromByte, 2)).toEqual(expected);
  });
});
