// A child process starts with glibc's arena bound in its environment, unless the deployment set one.
import { describe, expect, it } from 'vitest';
import { MALLOC_ARENA_VARIABLE, arenaBoundEnv } from '../../platform/malloc-arenas.ts';
import { SERVER_MALLOC_ARENAS } from '../../model/limits.ts';

describe('arenaBoundEnv', () => {
  it('adds MALLOC_ARENA_MAX from the limits', () => {
    expect(arenaBoundEnv({ PATH: '/usr/bin' })).toEqual({ MALLOC_ARENA_MAX: String(SERVER_MALLOC_ARENAS) });
    expect(MALLOC_ARENA_VARIABLE).toBe('MALLOC_ARENA_MAX');
  });

  it("keeps a bound the deployment chose (the fork inherits it)", () => {
    expect(arenaBoundEnv({ MALLOC_ARENA_MAX: '4' })).toEqual({});
  });

  it('is fewer than glibc gives a 2-core machine (8 a core)', () => {
    expect(SERVER_MALLOC_ARENAS).toBeGreaterThan(0);
    expect(SERVER_MALLOC_ARENAS).toBeLessThan(16);
  });
});
