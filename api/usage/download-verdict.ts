// The download allowance's rule: which export request counts against a key's day, and which is refused.

/** What a key has downloaded on one day, as far as one request needs: the day's count and whether this file is in it. */
export interface KeyDayDownloads {
  count: number;
  fileCounted: boolean;
}

/**
 * The rule, in one place (the usage stores apply it atomically): a start from byte 0, or a resumption of a file not
 * counted today, counts, and is refused once the day's count has reached the limit; a resumption of a counted file is free.
 */
export function downloadVerdict(day: KeyDayDownloads, fromByte: number, limit: number): { counts: boolean; allowed: boolean } {
  const counts = fromByte === 0 || !day.fileCounted;
  return { counts, allowed: !counts || day.count < limit };
}
