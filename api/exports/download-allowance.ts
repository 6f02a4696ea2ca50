// Export downloads each key may start per UTC day: a download counts once, however many Range requests resume it.

export const DAY_MS = 86_400_000;

export interface AllowanceDecision {
  allowed: boolean;
  /** Whether this request started a counted download. */
  counted: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the allowance renews (the next UTC midnight). */
  resetS: number;
}

export interface DownloadAllowance {
  /**
   * Asked before a file's bytes are sent. `fromByte` 0 (a whole file, or a Range from its start) starts a download and
   * counts; a Range from further on resumes one and counts only when this key has not counted that file today.
   */
  take(keyId: string, file: string, fromByte: number): AllowanceDecision;
  /** Downloads counted for the key today (the console's usage). */
  used(keyId: string): number;
}

interface KeyDay {
  day: number;
  count: number;
  files: Set<string>;
}

/** Per process, in memory; a day's counts go at UTC midnight. */
export function memoryDownloadAllowance(limit: number, now: () => number = Date.now): DownloadAllowance {
  const keys = new Map<string, KeyDay>();
  const today = (keyId: string): KeyDay => {
    const day = Math.floor(now() / DAY_MS);
    let entry = keys.get(keyId);
    if (!entry || entry.day !== day) {
      if (keys.size > 100_000) keys.clear();
      entry = { day, count: 0, files: new Set() };
      keys.set(keyId, entry);
    }
    return entry;
  };
  return {
    take(keyId, file, fromByte) {
      const entry = today(keyId);
      const resetS = Math.ceil(((entry.day + 1) * DAY_MS - now()) / 1000);
      const counts = fromByte === 0 || !entry.files.has(file);
      if (counts && entry.count >= limit) return { allowed: false, counted: false, limit, remaining: 0, resetS };
      if (counts) {
        entry.count += 1;
        entry.files.add(file);
      }
      return { allowed: true, counted: counts, limit, remaining: limit - entry.count, resetS };
    },
    used: (keyId) => today(keyId).count,
  };
}
