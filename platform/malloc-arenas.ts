// A child process's malloc arenas: glibc's bound on them, read only at a process's start, added to its environment.
import { SERVER_MALLOC_ARENAS } from '../model/limits.ts';

/** The variable glibc reads at start (others, e.g. musl, ignore it). */
export const MALLOC_ARENA_VARIABLE = 'MALLOC_ARENA_MAX';

/**
 * What a child's environment adds to its parent's (a forked serving process, an import the console starts): the
 * arena bound, unless the deployment set its own (the child inherits it then). `bin/lodging` sets the same default.
 */
export function arenaBoundEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return env[MALLOC_ARENA_VARIABLE] === undefined ? { [MALLOC_ARENA_VARIABLE]: String(SERVER_MALLOC_ARENAS) } : {};
}
