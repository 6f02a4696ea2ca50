// How an error text may quote client input, on REST and MCP alike: key-shaped values masked, long runs and long texts cut.
import { maskSecrets } from '../keys/key-secret.ts';

/** A run of non-space characters longer than this is client input (no text of ours has one): it is cut. */
export const MAX_QUOTED_RUN = 64;
/** No error text is longer than this. */
export const MAX_ERROR_TEXT = 1000;

const LONG_RUN = new RegExp(`\\S{${MAX_QUOTED_RUN + 1},}`, 'gu');

/** One quoted value (a parameter or tool name): masked, and cut to MAX_QUOTED_RUN characters. */
export function quoteClientValue(value: string): string {
  const masked = maskSecrets(value);
  return masked.length > MAX_QUOTED_RUN ? `${masked.slice(0, MAX_QUOTED_RUN)}…` : masked;
}

/** A whole error text that may hold client input anywhere (e.g. one the MCP SDK wrote). */
export function safeErrorText(text: string): string {
  const cut = maskSecrets(text).replace(LONG_RUN, (run) => `${run.slice(0, MAX_QUOTED_RUN)}…`);
  return cut.length > MAX_ERROR_TEXT ? `${cut.slice(0, MAX_ERROR_TEXT)}…` : cut;
}
