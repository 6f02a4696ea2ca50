// Requests per key per hour (and how many were refused with 429), kept 8 days, and export downloads per key and UTC day: the contract of both backends.

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
  /** One export download asked for, judged by downloadVerdict and counted in one atomic step (every process shares the count). */
  takeDownload(request: DownloadTake): Promise<DownloadTaken>;
  /** Downloads counted for the key on that UTC day (days since the epoch). */
  downloadsOn(keyId: string, day: number): Promise<number>;
  close(): Promise<void>;
}

export function hourOf(ms: number): number {
  return ms - (ms % HOUR_MS);
}

export interface DownloadTake {
  keyId: string;
  /** The UTC day, as days since the epoch. */
  day: number;
  file: string;
  fromByte: number;
  limit: number;
}

export interface DownloadTaken {
  allowed: boolean;
  counted: boolean;
  /** The key's downloads that day, this one included when it counted. */
  count: number;
}

/** Download counts are kept for today and yesterday (a request that started just before midnight). */
export const DOWNLOAD_DAYS_KEPT = 2;
