// The held-out measurement: a fixed fifth of every table's exact labels is removed, and the rest must classify it.
import type { LabelLanguage } from '../normalise/label-key.ts';
import { compileLabelTable, entryLabel, matchKeyOf } from '../normalise/label-tables.ts';
import { classifyLabelIn } from '../normalise/lodging-type.ts';
import type { TableSource } from './check-label-tables.ts';

export interface HoldoutMiss {
  label: string;
  expected: string;
  got: string;
  rule: string | null;
}

export interface HoldoutResult {
  language: LabelLanguage;
  /** Exact lodging labels in the table. */
  labels: number;
  heldOut: number;
  correct: number;
  /** correct / heldOut, 0..1. */
  accuracy: number;
  misses: HoldoutMiss[];
}

/** FNV-1a over the language and label: the same fifth is held out on every machine and every run. */
export function isHeldOut(language: string, label: string, folds = 5): boolean {
  let hash = 0x811c9dc5;
  for (const char of `${language}:${label}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % folds === 0;
}

/**
 * Removes the held-out fifth from every table's `exact` section at once, compiles what is left (with the
 * head-word rule, quality and non-lodging sections untouched), and classifies each held-out label with it.
 */
export function measureHoldout(tables: readonly TableSource[], options: { strict?: boolean } = {}): HoldoutResult[] {
  const heldOut = new Map<LabelLanguage, { label: string; key: string }[]>();
  const reduced = tables.map(({ language, source, raw }) => {
    const table = raw as { exact: Record<string, unknown[]> };
    const kept: Record<string, unknown[]> = {};
    const held: { label: string; key: string }[] = [];
    for (const [key, entries] of Object.entries(table.exact)) {
      kept[key] = entries.filter((item) => {
        const label = entryLabel(item);
        if (label === undefined || !isHeldOut(language, label)) return true;
        held.push({ label, key });
        return false;
      });
    }
    heldOut.set(language, held);
    // Strict: a held-out label that is itself a head word ("Hostal") loses that head word too, so only the
    // rule's other words can find it.
    const heldForms = new Set(held.map(({ label }) => matchKeyOf(label, language)));
    const raw2 = table as unknown as { headWords: Record<string, string[]> };
    const headWords = options.strict
      ? Object.fromEntries(
          Object.entries(raw2.headWords).map(([key, words]) => [key, words.filter((word) => !heldForms.has(matchKeyOf(word, language)))]),
        )
      : raw2.headWords;
    return compileLabelTable({ ...table, exact: kept, headWords }, source, language);
  });
  return tables.map(({ language, raw }) => {
    const held = heldOut.get(language) ?? [];
    const misses: HoldoutMiss[] = [];
    for (const { label, key } of held) {
      const verdict = classifyLabelIn(reduced, label);
      const got = verdict?.kind === 'lodging' ? (verdict.key ?? 'unknown') : (verdict?.kind ?? 'nothing');
      if (got !== key) misses.push({ label, expected: key, got, rule: verdict?.rule ?? null });
    }
    const labels = Object.values((raw as { exact: Record<string, unknown[]> }).exact).reduce((n, list) => n + list.length, 0);
    const correct = held.length - misses.length;
    return { language, labels, heldOut: held.length, correct, accuracy: held.length === 0 ? 1 : correct / held.length, misses };
  });
}
