// The publication gates: pure checks of a candidate's counts (and the current snapshot's) that decide whether it may go live.
import { fieldLossGate } from './field-loss-gate.ts';
import type { KeptFieldFill } from '../snapshot/kept-field-fill.ts';
import type { GateResult, GateStatus } from './gate-result.ts';

/** Thresholds; docs/operating.md, "Publication gates" says why these defaults. */
export interface GateThresholds {
  /** Refuse when more than this share of input lines is rejected or unreadable (default 0.5). */
  maxRejectedShare: number;
  /** Refuse when the published count falls by more than this share of the current one (default 0.1). */
  maxDrop: number;
  /** Refuse when more than this share of the places kept from the served snapshot lose a field they had (default 0.2). */
  maxFieldLoss: number;
}

export const DEFAULT_GATE_THRESHOLDS: GateThresholds = { maxRejectedShare: 0.5, maxDrop: 0.1, maxFieldLoss: 0.2 };
/** Warn (but publish) above these. */
export const WARN_REJECTED_SHARE = 0.1;
export const WARN_DROP = 0.05;
/** The drop gate needs a current snapshot at least this large: small countries swing by a few places. */
export const MIN_CURRENT_FOR_DROP = 100;

export type { GateName, GateResult, GateStatus } from './gate-result.ts';

export interface GateInput {
  /** Non-blank input lines. */
  lines: number;
  /** Lines that were not a JSON object. */
  badLines: number;
  /** Listings rejected (duplicates and listings without providerId included). */
  rejected: number;
  /** The candidate's published count. */
  published: number;
  /** The published count of the snapshot serving the country now; null on a first import. */
  currentPublished: number | null;
  /** Per measured field, the kept places' fill now and in the candidate and the new places' fill (snapshot/kept-field-fill.ts); absent: not compared. */
  keptFields?: KeptFieldFill | null;
}

export interface GateVerdict {
  gates: GateResult[];
  /** True when any gate failed: the candidate is held, unless forced. */
  refused: boolean;
  warnings: number;
}

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

export function evaluateGates(input: GateInput, thresholds: GateThresholds = DEFAULT_GATE_THRESHOLDS): GateVerdict {
  const gates = [
    zeroPublished(input),
    rejectedShare(input, thresholds),
    publishedDrop(input, thresholds),
    fieldLossGate(input.keptFields, input.currentPublished, thresholds.maxFieldLoss),
  ];
  return {
    gates,
    refused: gates.some((g) => g.status === 'fail'),
    warnings: gates.filter((g) => g.status === 'warn').length,
  };
}

function zeroPublished({ published }: GateInput): GateResult {
  return {
    gate: 'zero-published',
    status: published === 0 ? 'fail' : 'pass',
    measured: published,
    threshold: 0,
    warnAbove: null,
    detail: published === 0 ? 'the candidate publishes no place at all' : `${published} places would be published`,
  };
}

/** An empty input counts as wholly unusable (share 1). */
export function rejectedShareOf({ lines, badLines, rejected }: GateInput): number {
  return lines === 0 ? 1 : (badLines + rejected) / lines;
}

function rejectedShare(input: GateInput, t: GateThresholds): GateResult {
  const share = rejectedShareOf(input);
  const status: GateStatus = share > t.maxRejectedShare ? 'fail' : share > WARN_REJECTED_SHARE ? 'warn' : 'pass';
  const detail =
    input.lines === 0
      ? 'the input has no lines'
      : `${input.badLines + input.rejected} of ${input.lines} lines rejected or unreadable (${pct(share)}; refused above ${pct(t.maxRejectedShare)}, warned above ${pct(WARN_REJECTED_SHARE)})`;
  return { gate: 'rejected-share', status, measured: share, threshold: t.maxRejectedShare, warnAbove: WARN_REJECTED_SHARE, detail };
}

function publishedDrop(input: GateInput, t: GateThresholds): GateResult {
  const base = { gate: 'published-drop' as const, threshold: t.maxDrop, warnAbove: WARN_DROP };
  if (input.currentPublished === null) {
    return { ...base, status: 'skipped', measured: null, detail: 'first import of this country: nothing to compare with' };
  }
  if (input.currentPublished < MIN_CURRENT_FOR_DROP) {
    return {
      ...base,
      status: 'skipped',
      measured: null,
      detail: `the current snapshot has ${input.currentPublished} published places (checked from ${MIN_CURRENT_FOR_DROP})`,
    };
  }
  const drop = Math.max(0, (input.currentPublished - input.published) / input.currentPublished);
  const status: GateStatus = drop > t.maxDrop ? 'fail' : drop > WARN_DROP ? 'warn' : 'pass';
  return {
    ...base,
    status,
    measured: drop,
    detail: `${input.published} published against ${input.currentPublished} now (${drop === 0 ? 'no drop' : `down ${pct(drop)}`}; refused above ${pct(t.maxDrop)}, warned above ${pct(WARN_DROP)})`,
  };
}
