// What every publication gate answers: its name, pass/warn/fail/skipped, the measured value and a line a person reads.

export type GateName = 'zero-published' | 'rejected-share' | 'published-drop' | 'field-loss';
export type GateStatus = 'pass' | 'warn' | 'fail' | 'skipped';

export interface GateResult {
  gate: GateName;
  status: GateStatus;
  /** The measured value: a count, a share (0..1) or, for field-loss, share points lost (0..1); null when skipped. */
  measured: number | null;
  /** Refuse above (or, for zero-published, at) this. */
  threshold: number;
  /** Warn above this (null: no warning level). */
  warnAbove: number | null;
  /** One line a person reads: what was measured against what. */
  detail: string;
}
