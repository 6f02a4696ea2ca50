// REST adapter for search: query-string text → the typed parameters the shared rules check (query/search-params.ts).
import { invalidParameters, isInvalidParameters } from '../errors.ts';
import type { ParameterError } from '../errors.ts';
import { validateChangesParams } from '../query/change-feed.ts';
import type { ChangesParams } from '../query/change-feed.ts';
import type { PlaceField } from '../query/extension-params.ts';
import { SEARCH_PARAMETER_NAMES, validateFields, validateSearchParams } from '../query/search-params.ts';
import type { SearchParams } from '../query/search-params.ts';
import { parseStrictQuery } from './query-string.ts';

/** Exactly "true"/"false" become booleans; anything else stays text and fails the boolean rule. */
const toBoolean = (text: string): boolean | string => (text === 'true' ? true : text === 'false' ? false : text);

/** Plain decimal digits only: "1e2", "+5", " 5" and "5.0" stay text and fail the integer rule. */
const toInteger = (text: string): number | string => (/^\d{1,6}$/.test(text) ? Number(text) : text);

/** All problems at once: unknown/repeated/empty names first, then each known parameter's rule. */
export function parseSearchRequest(url: string): SearchParams {
  const { values, errors } = parseStrictQuery(url, SEARCH_PARAMETER_NAMES);
  const typed: Record<string, unknown> = { ...values };
  if (values.whatsapp !== undefined) typed.whatsapp = toBoolean(values.whatsapp);
  if (values.verified !== undefined) typed.verified = toBoolean(values.verified);
  if (values.limit !== undefined) typed.limit = toInteger(values.limit);
  if (values.radius !== undefined) typed.radius = toInteger(values.radius);
  let params: SearchParams | null = null;
  let ruleErrors: ParameterError[] = [];
  try {
    params = validateSearchParams(typed);
  } catch (error) {
    if (!isInvalidParameters(error)) throw error;
    ruleErrors = error.errors;
  }
  const named = new Set(errors.map((e) => e.parameter));
  const all = [...errors, ...ruleErrors.filter((e) => !named.has(e.parameter))];
  if (all.length > 0 || !params) throw invalidParameters(all);
  return params;
}

/** The place endpoint takes only `fields`. */
export function parseGetRequest(url: string): PlaceField[] | undefined {
  const { values, errors } = parseStrictQuery(url, ['fields']);
  if (errors.length > 0) throw invalidParameters(errors);
  return validateFields(values.fields);
}

/** The change feed's parameters: country, since, limit, cursor, include. */
export function parseChangesRequest(url: string): ChangesParams {
  const { values, errors } = parseStrictQuery(url, ['country', 'since', 'limit', 'cursor', 'include']);
  const typed: Record<string, unknown> = { ...values };
  if (values.limit !== undefined) typed.limit = toInteger(values.limit);
  if (errors.length > 0) throw invalidParameters(errors);
  return validateChangesParams(typed);
}

/** The key endpoint takes no query parameters at all. */
export function rejectAnyQuery(url: string): void {
  const { errors } = parseStrictQuery(url, []);
  if (errors.length > 0) throw invalidParameters(errors);
}
