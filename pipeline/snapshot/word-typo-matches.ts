// The words of a sorted vocabulary within a typed word's allowed edits, found by one walk that shares the work of common beginnings.

/**
 * The words of `words` (sorted in code unit order) whose optimal-string-alignment distance to `typed` is at most
 * `max` (with `prefix`: of some beginning of the word, as prefixEditDistance counts it), in vocabulary order, leaving
 * out those in `skip`. The same words as checking each word with boundedEditDistance / prefixEditDistance, but the
 * distance columns of a beginning are computed once for every word that starts with it, and a beginning no word can
 * come back from (every distance in its column above max) skips all those words at once.
 */
export function typoMatches(words: readonly string[], typed: string, max: number, prefix: boolean, skip: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const n = typed.length;
  if (max <= 0 || words.length === 0) return found;
  const typedCodes = new Int32Array(n);
  for (let i = 0; i < n; i += 1) typedCodes[i] = typed.charCodeAt(i);
  // columns[j][i]: the distance between typed's first i letters and the current word's first j letters.
  const columns: Int32Array[] = [Int32Array.from({ length: n + 1 }, (_, i) => i)];
  /** The beginning whose columns 1..path.length are computed. */
  let path = '';
  const shortest = Math.max(1, n - max);
  const longest = n + max;
  let k = 0;
  while (k < words.length) {
    const word = words[k]!;
    const limit = Math.min(path.length, word.length);
    let depth = 0;
    while (depth < limit && path.charCodeAt(depth) === word.charCodeAt(depth)) depth += 1;
    // Columns up to `depth` are shared with the words before, which were checked at each of them already.
    let jumpAt = -1;
    let matchedAll = false;
    let j = depth;
    while (j < word.length && j < longest) {
      j += 1;
      const column = computeColumn(columns, j, typedCodes, word);
      let columnMin = column[0]!;
      for (let i = 1; i <= n; i += 1) if (column[i]! < columnMin) columnMin = column[i]!;
      if (prefix && j >= shortest && column[n]! <= max) {
        matchedAll = true;
        jumpAt = j;
        break;
      }
      if (columnMin > max) {
        jumpAt = j;
        break;
      }
    }
    path = word.slice(0, j);
    if (jumpAt < 0) {
      // The whole word was read (or it is longer than any match can be).
      if (!prefix && j === word.length && columns[j]![n]! <= max && !skip.has(word)) found.push(word);
      if (j < word.length) {
        // Longer than typed + max: every word with this beginning is too long for a whole-word match.
        k = endOfBeginning(words, k, word.slice(0, j));
      } else k += 1;
      continue;
    }
    const end = endOfBeginning(words, k, word.slice(0, jumpAt));
    if (matchedAll) for (let at = k; at < end; at += 1) if (!skip.has(words[at]!)) found.push(words[at]!);
    k = end;
  }
  return found;
}

/** Column j of the current word, from columns j - 1 and j - 2 (swapped neighbours), stored in `columns`. */
function computeColumn(columns: Int32Array[], j: number, typed: Int32Array, word: string): Int32Array {
  const n = typed.length;
  let column = columns[j];
  if (!column) {
    column = new Int32Array(n + 1);
    columns[j] = column;
  }
  const previous = columns[j - 1]!;
  const twoBack = j > 1 ? columns[j - 2]! : null;
  const bj = word.charCodeAt(j - 1);
  const bBefore = j > 1 ? word.charCodeAt(j - 2) : -1;
  column[0] = j;
  for (let i = 1; i <= n; i += 1) {
    const ai = typed[i - 1]!;
    const cost = ai === bj ? 0 : 1;
    let value = Math.min(previous[i]! + 1, column[i - 1]! + 1, previous[i - 1]! + cost);
    if (twoBack && i > 1 && ai === bBefore && typed[i - 2] === bj) value = Math.min(value, twoBack[i - 2]! + 1);
    column[i] = value;
  }
  return column;
}

/** The first index from `from` on whose word does not start with `beginning` (the vocabulary is sorted). */
function endOfBeginning(words: readonly string[], from: number, beginning: string): number {
  let low = from;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]!.startsWith(beginning)) low = middle + 1;
    else high = middle;
  }
  return low;
}
