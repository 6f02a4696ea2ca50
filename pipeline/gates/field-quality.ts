// The per-field quality report: each measured Place field's fill share, its issues by code, and the change against now.
import type { FieldFill } from '../snapshot/field-fill.ts';
import type { KeptFieldFill } from '../snapshot/kept-field-fill.ts';

/** One measured field's fill share in the candidate and in the snapshot serving now (null: not measured there). */
export interface FieldShare {
  field: string;
  share: number;
  currentShare: number | null;
}

/** Share points lost, rounded so that 0.3 → 0.1 counts as 0.2 exactly. */
export function fieldLossOf({ share, currentShare }: FieldShare): number {
  return currentShare === null ? 0 : Math.max(0, Math.round((currentShare - share) * 1e9) / 1e9);
}

export interface FieldQualityRow extends FieldShare {
  /** Published places that have a value. */
  filled: number;
  /** share − currentShare (negative: a loss); null when the current snapshot did not measure the field or there is none. */
  change: number | null;
  /** Values dropped or changed on the published places, by issue code. */
  issues: Record<string, number>;
}

export interface FieldQuality {
  published: number;
  /** The current snapshot's published count; null on a first import. */
  currentPublished: number | null;
  /** Worst first: the largest loss, then the lowest fill share. */
  rows: FieldQualityRow[];
  /** Issues on published places that name no measured field ("field/code": always-present fields, wrong types…). */
  otherIssues: Record<string, number>;
  /** Issues counted by field/code; absent in reports recorded before, whose issue counts are not to be trusted. */
  countedByCode?: true;
  /** The places kept from the current snapshot (same id) and the new ones, per field: what the field-loss gate reads (null on a first import; absent in older reports). */
  kept?: KeptFieldFill | null;
}

/** Said beside the issue counts of a report recorded before they were counted by field/code. */
export const MISCOUNTED_ISSUES_NOTE = 'recorded before issues were counted by field/code: these issue counts are wrong; the records and later reports have the right ones';

/** Issue fields that are named differently in the Place. */
const ISSUE_FIELD_ALIASES: Record<string, string> = { categories: 'lodgingTypes' };

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The measured field an issue is about: its own field, or the part of an object field its code names (address/city-tidied → address.city). */
export function fieldOfIssue(key: string, fields: readonly string[]): string | null {
  const slash = key.indexOf('/');
  const issueField = ISSUE_FIELD_ALIASES[key.slice(0, slash)] ?? key.slice(0, slash);
  const code = `-${key.slice(slash + 1)}-`;
  if (fields.includes(issueField)) return issueField;
  const parts = fields.filter((f) => f.startsWith(`${issueField}.`));
  return parts.find((f) => code.includes(`-${kebab(f.slice(issueField.length + 1))}-`)) ?? null;
}

const shareOf = (filled: number, published: number) => (published === 0 ? 0 : filled / published);

export function fieldQuality(candidate: FieldFill, current: FieldFill | null): FieldQuality {
  const fields = Object.keys(candidate.filled);
  const issues = new Map<string, Record<string, number>>(fields.map((f) => [f, {}]));
  const otherIssues: Record<string, number> = {};
  for (const [key, n] of Object.entries(candidate.issues)) {
    const field = fieldOfIssue(key, fields);
    if (field === null) otherIssues[key] = n;
    else issues.get(field)![key.slice(key.indexOf('/') + 1)] = n;
  }
  const rows = fields.map((field, order): FieldQualityRow & { order: number } => {
    const filled = candidate.filled[field]!;
    const share = shareOf(filled, candidate.published);
    const before = current?.filled[field];
    const currentShare = current && before !== undefined ? shareOf(before, current.published) : null;
    const change = currentShare === null ? null : Math.round((share - currentShare) * 1e9) / 1e9;
    return { field, filled, share, currentShare, change, issues: issues.get(field)!, order };
  });
  rows.sort((a, b) => fieldLossOf(b) - fieldLossOf(a) || a.share - b.share || a.order - b.order);
  return {
    published: candidate.published,
    currentPublished: current?.published ?? null,
    rows: rows.map(({ order: _order, ...row }) => row),
    otherIssues,
    countedByCode: true,
  };
}
