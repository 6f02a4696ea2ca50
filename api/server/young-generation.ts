// A serving process's young generation: the semi-space bound, given to forked processes' flags or held at run time by one started without it.
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { SERVER_SEMI_SPACE_MIB } from '../../model/limits.ts';

export const SERVER_SEMI_SPACE_FLAG = `--max-semi-space-size=${SERVER_SEMI_SPACE_MIB}`;

const SETS_SEMI_SPACE = /(^|\s)--max-semi-space-size(=|\s|$)/;

/** True when these flags or NODE_OPTIONS already set a semi-space size (a deployment's own choice is kept). */
const setsSemiSpace = (execArgv: readonly string[], nodeOptions: string | undefined): boolean =>
  execArgv.some((flag) => SETS_SEMI_SPACE.test(flag)) || SETS_SEMI_SPACE.test(nodeOptions ?? '');

/**
 * The flags a forked serving process starts with: this process's, plus the bound, unless they or NODE_OPTIONS (which
 * the fork inherits, and which a flag given here would override) already set a semi-space size.
 */
export function servingExecArgv(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  return setsSemiSpace(execArgv, nodeOptions) ? [...execArgv] : [...execArgv, SERVER_SEMI_SPACE_FLAG];
}

/** V8's growth factor of the young generation (its default), and the factor that stops its growth. */
export const SEMI_SPACE_GROWING = '--semi-space-growth-factor=2';
export const SEMI_SPACE_HELD = '--semi-space-growth-factor=1';

/** The young generation's size (both semi-spaces) at the bound. */
const BOUND_BYTES = 2 * SERVER_SEMI_SPACE_MIB * 2 ** 20;

const newSpaceBytes = (): number => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

/**
 * In a serving process started without a semi-space size (`--processes 1`): V8 reads that size only at start, but it
 * doubles the young generation from 1 MiB a semi-space as survivors ask, by a factor it reads each time. So after
 * each collection the factor is 1 (no more growth) once the semi-spaces reach SERVER_SEMI_SPACE_MIB, and V8's own
 * again below it (after V8 shrank them in a quiet spell). Returns the function that stops watching (the factor back
 * to V8's); does nothing, and returns a no-op, when the flags or NODE_OPTIONS set a size.
 */
export function holdYoungGeneration(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
  setFlags: (flags: string) => void = setFlagsFromString,
  sizeOf: () => number = newSpaceBytes,
): () => void {
  if (setsSemiSpace(execArgv, nodeOptions)) return () => undefined;
  let held = false;
  const check = (): void => {
    const atBound = sizeOf() >= BOUND_BYTES;
    if (atBound === held) return;
    held = atBound;
    setFlags(held ? SEMI_SPACE_HELD : SEMI_SPACE_GROWING);
  };
  const observer = new PerformanceObserver(check);
  observer.observe({ entryTypes: ['gc'] });
  check();
  return () => {
    observer.disconnect();
    if (held) setFlags(SEMI_SPACE_GROWING);
    held = false;
  };
}
