// A suggested lodging key for a label no table knows: the head-word rule, then head words found inside words.
import type { LodgingType } from '../../model/place.ts';
import { LABEL_TABLES } from '../normalise/bundled-label-tables.ts';
import { moreSpecific } from '../normalise/head-word-rule.ts';
import { compactKey, labelKey, singularKey } from '../normalise/label-key.ts';
import { classifyLabel } from '../normalise/lodging-type.ts';

export interface Suggestion {
  key: LodgingType | null;
  /** The head word or table line it comes from, e.g. `es head word "hotel" inside "ecohotel"`. */
  why: string | null;
}

// Shorter head words ("inn", "spa", "pod") found inside longer words are mostly accidents ("spaghetti").
const MIN_INNER_LENGTH = 5;

/**
 * The key an unknown label most likely means, for a reviewer to confirm: whatever the tables say now (the
 * label may have been added since it was stored), else the most specific head word found inside its words
 * ("Ecohotel" → hotel, "Minicamping" → campsite), else null.
 */
export function suggestLabelKey(label: string): Suggestion {
  const verdict = classifyLabel(label);
  if (verdict?.kind === 'lodging' && verdict.key !== undefined) return { key: verdict.key, why: verdict.rule ?? null };
  const key = labelKey(label);
  let best: Suggestion = { key: null, why: null };
  for (const table of LABEL_TABLES) {
    const words = singularKey(key, table.language).split(' ');
    for (const phrase of [...table.headWords, ...table.qualifiers]) {
      if (phrase.key === null || phrase.compact.length < MIN_INNER_LENGTH) continue;
      const word = words.find((w) => w !== phrase.compact && w.includes(phrase.compact)) ?? (compactKey(words.join(' ')).includes(phrase.compact) && phrase.words.length > 1 ? compactKey(words.join(' ')) : undefined);
      if (word === undefined) continue;
      if (best.key === null || moreSpecific(phrase.key, best.key)) {
        best = { key: phrase.key, why: `${table.language} head word "${phrase.entry}" inside "${word}"` };
      }
    }
  }
  return best;
}
