// How many typing mistakes separate two words (Damerau: a letter missing, extra or replaced, two neighbours swapped).

/** Edits a typed word of this many letters may hold: none up to 3, one from 4 to 7, two from 8. */
export function allowedEdits(length: number): number {
  if (length >= 8) return 2;
  return length >= 4 ? 1 : 0;
}

/**
 * The optimal-string-alignment distance of a and b when it is at most `max`, else max + 1. Rows are kept short by
 * the length difference check and an early exit when a whole row exceeds max.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (a === b) return 0;
  if (max === 0) return 1;
  let twoBack = new Array<number>(m + 1).fill(0);
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  let current = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i += 1) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j += 1) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) value = Math.min(value, twoBack[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  return Math.min(previous[m]!, max + 1);
}

/** The fewest edits turning `typed` into some beginning of `word` (a prefix typed with mistakes), capped at max + 1. */
export function prefixEditDistance(typed: string, word: string, max: number): number {
  let best = max + 1;
  for (let length = Math.max(1, typed.length - max); length <= Math.min(word.length, typed.length + max); length += 1) {
    const distance = boundedEditDistance(typed, word.slice(0, length), max);
    if (distance < best) best = distance;
    if (best === 0) break;
  }
  return best;
}
