// The operator's reviewed list of listings that are different places though they look alike: parsed, checked, looked up by pair.
export type DistinctPlaces = ReadonlySet<string>;

export interface DistinctPlacesParse {
  pairs: DistinctPlaces;
  errors: { line: number; message: string }[];
}

/** One key per unordered pair: (a, b) and (b, a) are the same decision. */
export function distinctPairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

/**
 * One pair a line: two place ids separated by spaces, then an optional `# note` (who decided and why); blank lines
 * and lines starting with # are comments. A line with one id, three ids or the same id twice is an error.
 */
export function parseDistinctPlaces(text: string): DistinctPlacesParse {
  const pairs = new Set<string>();
  const errors: { line: number; message: string }[] = [];
  text.split('\n').forEach((raw, index) => {
    // A note runs to the line's end; a file saved with CRLF line ends keeps a \r there, which trim() removes.
    const content = raw.replace(/#.*/, '').trim();
    if (content === '') return;
    const ids = content.split(/\s+/);
    if (ids.length !== 2) errors.push({ line: index + 1, message: `expected two place ids, found ${ids.length}` });
    else if (ids[0] === ids[1]) errors.push({ line: index + 1, message: `the same id twice (${ids[0]})` });
    else pairs.add(distinctPairKey(ids[0]!, ids[1]!));
  });
  return { pairs, errors };
}

export function formatDistinctPair(a: string, b: string, note: string): string {
  const clean = note.replace(/[\r\n]+/g, ' ').trim();
  return `${a} ${b}${clean ? `  # ${clean}` : ''}`;
}
