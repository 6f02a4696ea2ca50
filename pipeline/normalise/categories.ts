// The provider's `categories` as the place's lodgingTypes: tidy, distinct strings, at most the spec's 50.
import { MAX_LODGING_LABELS } from '../../model/limits.ts';
import { singleSpaced } from '../../model/single-space.ts';
import { decodeText } from './decode-text.ts';
import { issue, type Issue, type Normalised } from './issues.ts';

/**
 * Decodes HTML references and markup (decode-text.ts), trims each label and collapses inner whitespace; drops empty labels silently (exports pad with "") and
 * non-strings (null included) with one `wrong-type` issue; keeps the first spelling of labels equal but for case; keeps the
 * first MAX_LODGING_LABELS, reporting `too-many-labels`. A missing field (undefined or null) is simply no labels.
 */
export function normaliseCategories(raw: unknown): Normalised<string[]> {
  if (raw === undefined || raw === null) return { value: [], issues: [] };
  if (!Array.isArray(raw)) {
    return { value: [], issues: [issue('categories', 'wrong-type', raw, 'categories must be an array of strings')] };
  }
  const issues: Issue[] = [];
  const labels: string[] = [];
  const seen = new Set<string>();
  let distinct = 0;
  let firstWrong: unknown;
  let wrong = 0;
  for (const item of raw as unknown[]) {
    if (typeof item !== 'string') {
      if (wrong === 0) firstWrong = item;
      wrong += 1;
      continue;
    }
    const label = singleSpaced(decodeText(item).normalize('NFC')).trim();
    if (label === '') continue;
    const folded = label.toLowerCase();
    if (seen.has(folded)) continue;
    seen.add(folded);
    distinct += 1;
    if (labels.length < MAX_LODGING_LABELS) labels.push(label);
  }
  // One issue per listing however many bad items: the report counts listings, not array cells.
  if (wrong > 0) {
    issues.push(issue('categories', 'wrong-type', firstWrong ?? String(firstWrong), `${wrong} category label(s) not a string, dropped`));
  }
  if (distinct > MAX_LODGING_LABELS) {
    issues.push(
      issue('categories', 'too-many-labels', distinct, `kept the first ${MAX_LODGING_LABELS} of ${distinct} distinct labels`),
    );
  }
  return { value: labels, issues };
}
