// A forked serving process starts with the semi-space bound, unless its flags or NODE_OPTIONS set one already.
import { describe, expect, it } from 'vitest';
import { SERVER_SEMI_SPACE_FLAG, servingExecArgv } from '../../../api/server/young-generation.ts';
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
