// The field-loss gate: refuse a candidate when too many of the places it keeps from the served snapshot lose a field they had.
import type { KeptFieldCounts, KeptFieldFill } from '../snapshot/kept-field-fill.ts';
import type { GateResult, GateStatus } from './gate-result.ts';

/** Warn (but publish) when more than this share of the kept places lose a field. */
export const WARN_FIELD_LOSS = 0.1;
/** The loss is measured from this many kept places, and the new places' fill from this many new places: a few places swing a share. */
export const MIN_PLACES_FOR_FIELD_LOSS = 100;

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const num = (n: number) => n.toLocaleString('en-GB');
const shareOf = (n: number, of: number) => (of === 0 ? 0 : n / of);

/** The share of the kept places that lost this field (0..1). */
export const lostShareOf = (f: KeptFieldCounts, kept: number) => shareOf(f.lost, kept);

/** How far below the kept places' share (in the candidate) the new places fill a field; 0 when they fill it as well or better. */
export const newShortfallOf = (f: KeptFieldCounts, fill: KeptFieldFill) => Math.max(0, shareOf(f.after, fill.kept) - shareOf(f.newFilled, fill.newPlaces));

const describeLoss = (f: KeptFieldCounts, kept: number) =>
  `${f.field} lost by ${num(f.lost)} of ${num(kept)} kept places (${pct(lostShareOf(f, kept))}; kept places with it ${pct(shareOf(f.before, kept))} now → ${pct(shareOf(f.after, kept))} in the candidate)`;

const describeNew = (f: KeptFieldCounts, fill: KeptFieldFill) => `${f.field} ${pct(shareOf(f.newFilled, fill.newPlaces))} (kept places ${pct(shareOf(f.after, fill.kept))})`;

/**
 * `skipped` on a first import, under 100 kept places, or with no counts to compare. Otherwise measures the largest share
 * of kept places that lost any one field: refused above `maxFieldLoss`, warned above 0.1, every field over named with
 * both shares. New places never refuse: from 100 of them, a field they fill more than `maxFieldLoss` below the kept
 * places is a warning, named with both shares.
 */
export function fieldLossGate(fill: KeptFieldFill | null | undefined, currentPublished: number | null, maxFieldLoss: number, minPlaces = MIN_PLACES_FOR_FIELD_LOSS): GateResult {
  const base = { gate: 'field-loss' as const, threshold: maxFieldLoss, warnAbove: WARN_FIELD_LOSS };
  const skipped = (detail: string): GateResult => ({ ...base, status: 'skipped', measured: null, detail });
  if (currentPublished === null) return skipped('first import of this country: nothing to compare with');
  if (!fill || fill.fields.length === 0) return skipped('no field counts to compare with');
  if (fill.kept < minPlaces) return skipped(`the candidate keeps ${num(fill.kept)} of the places served now (checked from ${num(minPlaces)} kept places)`);
  const worstFirst = [...fill.fields].sort((a, b) => b.lost - a.lost);
  const measured = lostShareOf(worstFirst[0]!, fill.kept);
  const lossStatus: GateStatus = measured > maxFieldLoss ? 'fail' : measured > WARN_FIELD_LOSS ? 'warn' : 'pass';
  const named = worstFirst.filter((f) => lostShareOf(f, fill.kept) > (lossStatus === 'fail' ? maxFieldLoss : WARN_FIELD_LOSS));
  const limits = `refused above ${pct(maxFieldLoss)} of kept places, warned above ${pct(WARN_FIELD_LOSS)}`;
  const loss =
    named.length > 0
      ? named.map((f) => describeLoss(f, fill.kept)).join('; ')
      : measured === 0
        ? `none of the ${num(fill.kept)} kept places lost a field`
        : `at most ${pct(measured)} of the ${num(fill.kept)} kept places lost a field (${worstFirst[0]!.field})`;
  const short = fill.newPlaces >= minPlaces ? fill.fields.filter((f) => newShortfallOf(f, fill) > maxFieldLoss).sort((a, b) => newShortfallOf(b, fill) - newShortfallOf(a, fill)) : [];
  const newPart =
    fill.newPlaces === 0
      ? ''
      : short.length > 0
        ? `; ${num(fill.newPlaces)} new places fill less (a warning, never a refusal): ${short.map((f) => describeNew(f, fill)).join(', ')}`
        : `; ${num(fill.newPlaces)} new places`;
  const status: GateStatus = lossStatus === 'pass' && short.length > 0 ? 'warn' : lossStatus;
  return { ...base, status, measured, detail: `${loss}${newPart} (${limits})` };
}
