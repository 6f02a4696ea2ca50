// Requests per key per hour (and how many were refused with 429), kept 8 days: the contract of both backends.

export const HOUR_MS = 3_600_000;
/** The console shows 7 days; one more is kept so a full week is always there. */
export const USAGE_KEPT_MS = 8 * 24 * HOUR_MS;

export interface UsageCount {
  keyId: string;
  /** Epoch ms of the start of the hour (UTC). */
  hour: number;
  ok: number;
  limited: number;
}

export interface UsageStore {
  /** Adds counts (a flushed batch); counts for the same key and hour add up. */
  add(counts: UsageCount[]): Promise<void>;
  /** The key's hours from `fromHour` on, oldest first; hours without requests are absent. */
  hourly(keyId: string, fromHour: number): Promise<UsageCount[]>;
  close(): Promise<void>;
}

export function hourOf(ms: number): number {
  return ms - (ms % HOUR_MS);
}
