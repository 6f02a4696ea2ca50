// The field-loss gate: refuse a candidate when a published field's fill share falls too far below the current snapshot's.
import type { GateResult, GateStatus } from './gate-result.ts';

/** One measured field's fill share in the candidate and in the snapshot serving now (null: not measured there). */
export interface FieldShare {
  field: string;
  share: number;
  currentShare: number | null;
}

/** Warn (but publish) when a field loses more than this many share points. */
export const WARN_FIELD_LOSS = 0.1;

const points = (share: number) => `${(share * 100).toFixed(1)}%`;
const drop = (loss: number) => `${(loss * 100).toFixed(1)} points`;

/** Share points lost, rounded so that 0.3 → 0.1 counts as 0.2 exactly. */
export function fieldLossOf({ share, currentShare }: FieldShare): number {
  return currentShare === null ? 0 : Math.max(0, Math.round((currentShare - share) * 1e9) / 1e9);
}

const describeLoss = (f: FieldShare) => `${f.field} ${points(f.currentShare!)} now → ${points(f.share)} in the candidate (down ${drop(fieldLossOf(f))})`;

/**
 * `skipped` for a first import, a current snapshot under `minCurrent` published places (like the drop gate), or no
 * field counts to compare; otherwise the largest loss of any field is measured, and every field over the limit named.
 */
export function fieldLossGate(
  fields: readonly FieldShare[] | null | undefined,
  currentPublished: number | null,
  maxFieldLoss: number,
  minCurrent: number,
): GateResult {
  const base = { gate: 'field-loss' as const, threshold: maxFieldLoss, warnAbove: WARN_FIELD_LOSS };
  const skipped = (detail: string): GateResult => ({ ...base, status: 'skipped', measured: null, detail });
  if (currentPublished === null) return skipped('first import of this country: nothing to compare with');
  if (currentPublished < minCurrent) return skipped(`the current snapshot has ${currentPublished} published places (checked from ${minCurrent})`);
  const compared = (fields ?? []).filter((f) => f.currentShare !== null);
  if (compared.length === 0) return skipped('no field fill shares to compare with');
  const worstFirst = [...compared].sort((a, b) => fieldLossOf(b) - fieldLossOf(a));
  const worst = worstFirst[0]!;
  const measured = fieldLossOf(worst);
  const status: GateStatus = measured > maxFieldLoss ? 'fail' : measured > WARN_FIELD_LOSS ? 'warn' : 'pass';
  const limits = `refused above ${drop(maxFieldLoss)}, warned above ${drop(WARN_FIELD_LOSS)}`;
  const named = status === 'fail' ? worstFirst.filter((f) => fieldLossOf(f) > maxFieldLoss) : measured > 0 ? [worst] : [];
  const detail = named.length === 0 ? `no field lost fill share (${limits})` : `${named.map(describeLoss).join('; ')} (${limits})`;
  return { ...base, status, measured, detail };
}
