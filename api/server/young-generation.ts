// A forked serving process's young generation: the semi-space bound V8 reads only at a process's start, added to its flags.
import { SERVER_SEMI_SPACE_MIB } from '../../model/limits.ts';

export const SERVER_SEMI_SPACE_FLAG = `--max-semi-space-size=${SERVER_SEMI_SPACE_MIB}`;

const SETS_SEMI_SPACE = /(^|\s)--max-semi-space-size(=|\s|$)/;

/**
 * The flags a forked serving process starts with: this process's, plus the bound, unless they or NODE_OPTIONS (which
 * the fork inherits, and which a flag given here would override) already set a semi-space size.
 */
export function servingExecArgv(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const set = execArgv.some((flag) => SETS_SEMI_SPACE.test(flag)) || SETS_SEMI_SPACE.test(nodeOptions ?? '');
  return set ? [...execArgv] : [...execArgv, SERVER_SEMI_SPACE_FLAG];
}
