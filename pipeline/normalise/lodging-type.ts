// The lodgingType rule (docs/data-rules.md): reads a listing's labels against every language's table; the most specific key wins.
import type { LodgingType } from '../../model/place.ts';
import { decideByHeadWord, findPhrases, moreSpecific } from './head-word-rule.ts';
import { compactKey, labelKey, singularKey } from './label-key.ts';
import { labelTables } from './bundled-label-tables.ts';
import type { LabelTable } from './label-tables.ts';

export interface LabelVerdict {
  /** The label as given. */
  label: string;
  kind: 'lodging' | 'quality' | 'non-lodging' | 'unknown';
  /** Set exactly when kind is 'lodging'. */
  key?: LodgingType;
  /** The table line that decided, e.g. `es exact "Hotel"`, `fr head word "camping-car"`; absent when unknown. */
  rule?: string;
}

export interface LodgingClassification {
  lodgingType: LodgingType;
  /** The first label naming the winning key; null when no label names a kind of lodging. */
  chosenBy: LabelVerdict | null;
  /** One per label that has letters or digits, in label order. */
  verdicts: LabelVerdict[];
  /** Labels no table knows, as given, distinct, in label order. */
  unknownLabels: string[];
  /** Some label names a non-lodging place and none names lodging or is unknown: the data rules' not-lodging rejection. */
  onlyNonLodging: boolean;
}

interface Candidate {
  key: LodgingType;
  rule: string;
}

// Keeps the earlier candidate on a tie, so the rule names the first table (es, en, fr, pt) that knew the label.
function pick(best: Candidate | undefined, key: LodgingType, rule: string): Candidate {
  return best === undefined || moreSpecific(key, best.key) ? { key, rule } : best;
}

interface Folded {
  table: LabelTable;
  /** The label's key made singular by the table's language. */
  singular: string;
  compact: string;
}

/**
 * One label's verdict, null for a label without letters or digits ("", "-", "***"): it says nothing.
 * Order: exact lodging labels, exact non-lodging labels, quality patterns, then the head-word rule
 * (head-word-rule.ts); within a step the most specific key of any table wins. A lodging head word outranks a
 * non-lodging word ("Hotel restaurante" is a hotel).
 */
export function classifyLabel(label: string): LabelVerdict | null {
  return classifyLabelIn(labelTables(), label);
}

/** classifyLabel against given tables (the held-out measurement builds its own). */
export function classifyLabelIn(tables: readonly LabelTable[], label: string): LabelVerdict | null {
  const key = labelKey(label);
  if (key === '') return null;
  const folded: Folded[] = tables.map((table) => {
    const singular = singularKey(key, table.language);
    return { table, singular, compact: compactKey(singular) };
  });

  let best: Candidate | undefined;
  for (const { table, compact } of folded) {
    const hit = table.exact.get(compact);
    if (hit !== undefined) best = pick(best, hit.key, `${table.language} exact "${hit.entry}"`);
  }
  if (best !== undefined) return { label, kind: 'lodging', key: best.key, rule: best.rule };

  for (const { table, compact } of folded) {
    const entry = table.nonLodging.get(compact);
    if (entry !== undefined) return { label, kind: 'non-lodging', rule: `${table.language} non-lodging "${entry}"` };
  }
  for (const { table } of folded) {
    const quality = table.quality.find(({ pattern }) => pattern.test(key));
    if (quality !== undefined) return { label, kind: 'quality', rule: `${table.language} quality "${quality.entry}"` };
  }
  const byHeadWord = decideByHeadWord(folded.map(({ table, singular }) => findPhrases(table, singular)));
  if (byHeadWord !== null) return { label, kind: 'lodging', key: byHeadWord.key, rule: byHeadWord.rule };
  return { label, kind: 'unknown' };
}

// An import sees a few thousand distinct labels over a million listings; the bound only guards odd inputs.
const CACHE_LIMIT = 20_000;
const cache = new Map<string, Readonly<LabelVerdict> | null>();

function classifyLabelCached(label: string): LabelVerdict | null {
  const cached = cache.get(label);
  if (cached !== undefined) return cached;
  const verdict = classifyLabel(label);
  const frozen = verdict === null ? null : Object.freeze(verdict);
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  }
  cache.set(label, frozen);
  return frozen;
}

/** The listing's lodgingType from its labels (normaliseCategories' output); verdicts are shared and frozen. */
export function classifyLodgingType(labels: readonly string[]): LodgingClassification {
  const verdicts: LabelVerdict[] = [];
  const unknownLabels: string[] = [];
  let chosenBy: LabelVerdict | null = null;
  let sawNonLodging = false;
  for (const label of labels) {
    if (typeof label !== 'string') continue;
    const verdict = classifyLabelCached(label);
    if (verdict === null) continue;
    verdicts.push(verdict);
    if (verdict.kind === 'lodging' && verdict.key !== undefined) {
      if (chosenBy?.key === undefined || moreSpecific(verdict.key, chosenBy.key)) chosenBy = verdict;
    } else if (verdict.kind === 'unknown') {
      if (!unknownLabels.includes(label)) unknownLabels.push(label);
    } else if (verdict.kind === 'non-lodging') {
      sawNonLodging = true;
    }
  }
  return {
    lodgingType: chosenBy?.key ?? 'lodging',
    chosenBy,
    verdicts,
    unknownLabels,
    onlyNonLodging: sawNonLodging && chosenBy === null && unknownLabels.length === 0,
  };
}
