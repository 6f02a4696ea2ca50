// The Unknown labels page's words for the label review use cases (`lodging labels review [--accept]` calls them directly).
import path from 'node:path';
import { LODGING_TYPES_BY_SPECIFICITY, type CountryCode } from '../../../model/place.ts';
import {
  acceptLabel,
  COUNTRY_LANGUAGE,
  DEFAULT_LABELS_DIR,
  LABEL_LANGUAGES,
  LabelReviewError,
  listUnknownLabels,
  NON_LODGING,
  parseAcceptArgument,
  type AcceptRequest,
  type AcceptResult,
  type LabelLanguage,
  type LabelReviewProblem,
  type ReviewItem,
} from '../../../pipeline/index.ts';

export { COUNTRY_LANGUAGE, DEFAULT_LABELS_DIR, LABEL_LANGUAGES, LabelReviewError, NON_LODGING, parseAcceptArgument };
export type { AcceptResult as LabelMapping, LabelLanguage, LabelReviewProblem, ReviewItem as UnknownLabel };

/** What a label may be mapped to: every lodgingType, most specific first, then "not a lodging". */
export const LABEL_KEYS: readonly string[] = [...LODGING_TYPES_BY_SPECIFICITY, NON_LODGING];

/** The unknown labels imports met (kept across runs), most frequent first, each with a suggested key and examples. */
export function listLabelsToMap(dataDir: string, filter: { country?: CountryCode } = {}): Promise<ReviewItem[]> {
  return listUnknownLabels(dataDir, filter);
}

/** The label, its key (a lodgingType or NON_LODGING), the table's language (default: the country that met it), onlyMet. */
export type MapLabelRequest = AcceptRequest;

/**
 * Writes the label into its language's table (atomically, formatted as committed) and drops it from the review
 * store; it applies from the next import. Throws LabelReviewError (file untouched) for a bad label, key or
 * language, a label no import met without a language, or a table that would then fail `lodging labels check`.
 */
export function mapLabel(request: MapLabelRequest): Promise<AcceptResult> {
  return acceptLabel(request);
}

/** The table file a language's labels go to. */
export function labelTableFile(labelsDir: string, language: LabelLanguage): string {
  return path.join(labelsDir, `${language}.json`);
}
