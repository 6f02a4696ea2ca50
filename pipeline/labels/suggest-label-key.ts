// A suggested lodging key for a label no table knows: whole words of the label's own language only, never letters inside a word.
import type { LodgingType } from '../../model/place.ts';
import { labelTables } from '../normalise/bundled-label-tables.ts';
import { decideByHeadWord, findPhrases, moreSpecific } from '../normalise/head-word-rule.ts';
import { labelKey, singularKey, type LabelLanguage } from '../normalise/label-key.ts';
import type { LabelTable } from '../normalise/label-tables.ts';
import { classifyLabel } from '../normalise/lodging-type.ts';

export interface Suggestion {
  key: LodgingType | null;
  /** The table line or head word it comes from, e.g. `pt label "Casa de campo" within the label`. */
  why: string | null;
}

const NONE: Suggestion = { key: null, why: null };

/** True when `part` occurs in `words` as whole consecutive words. */
function containsWords(words: readonly string[], part: readonly string[]): boolean {
  if (part.length === 0 || part.length > words.length) return false;
  for (let at = 0; at + part.length <= words.length; at += 1) {
    if (part.every((word, i) => words[at + i] === word)) return true;
  }
  return false;
}

/** The most specific listed label of the table that the label holds as whole words ("Casa de campo com piscina" → "Casa de campo"). */
function listedLabelWithin(table: LabelTable, words: readonly string[]): Suggestion {
  let best = NONE;
  for (const { key, entry } of table.exact.values()) {
    const part = singularKey(labelKey(entry), table.language).split(' ').filter((w) => w !== '');
    if (part.length === words.length || !containsWords(words, part)) continue;
    if (best.key === null || moreSpecific(key, best.key)) best = { key, why: `${table.language} label "${entry}" within the label` };
  }
  return best;
}

/**
 * The key an unknown label most likely means, for a reviewer to confirm (never chosen for them): whatever the
 * tables say now (the label may have been added since it was stored), else a head word or a listed label that
 * the label holds as whole words in its own language's table, else null. Letters inside a word never count:
 * a Portuguese "Parque aquático" is no Spanish "ático" (apartment).
 */
export function suggestLabelKey(label: string, language?: LabelLanguage): Suggestion {
  const verdict = classifyLabel(label);
  if (verdict?.kind === 'lodging' && verdict.key !== undefined) return { key: verdict.key, why: verdict.rule ?? null };
  const key = labelKey(label);
  const tables = language === undefined ? labelTables() : labelTables().filter((table) => table.language === language);
  let best = NONE;
  for (const table of tables) {
    const singular = singularKey(key, table.language);
    const words = singular.split(' ').filter((w) => w !== '');
    const head = decideByHeadWord([findPhrases(table, singular)]);
    const found = head !== null ? { key: head.key, why: head.rule } : listedLabelWithin(table, words);
    if (found.key !== null && (best.key === null || moreSpecific(found.key, best.key))) best = found;
  }
  return best;
}
