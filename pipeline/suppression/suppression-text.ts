// The typed-text rule every suppression value and note passes, and the longest value: no parsing library needed.
import { cleanText } from '../../model/typed-text.ts';

export const MAX_SUPPRESSION_VALUE = 300;

/** The checks every value and note pass (the typed-text rule of every console input): no control or bidi characters, at most `max`. */
export function checkSuppressionText(text: string, what: string, max: number): string | null {
  const checked = cleanText(text, what, { min: 0, max });
  return checked.ok ? null : checked.problem;
}
