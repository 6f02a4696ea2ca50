// Export downloads each key may start per UTC day: what the file route asks; a download counts once, however many Range requests resume it.

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
  take(keyId: string, file: string, fromByte: number): Promise<AllowanceDecision>;
  /** Downloads counted for the key today (the console's usage). */
  used(keyId: string): Promise<number>;
}
