// A bounded cache for a pure rule of one text value in one country: values that repeat (cities) are worked out once.
import type { CountryCode } from '../../model/place.ts';

/** Values kept per country before the cache starts over: an export's distinct cities fit many times over. */
const DEFAULT_LIMIT = 20_000;

/**
 * The rule, remembering its answer for each text per country. Only for pure rules whose answers are never changed by
 * their callers (a string, null, or an object treated as read-only).
 */
export function memoPerCountry<T>(rule: (text: string, country: CountryCode) => T, limit = DEFAULT_LIMIT): (text: string, country: CountryCode) => T {
  const caches = new Map<CountryCode, Map<string, T>>();
  return (text, country) => {
    let cache = caches.get(country);
    if (cache === undefined) caches.set(country, (cache = new Map()));
    const known = cache.get(text);
    if (known !== undefined || cache.has(text)) return known as T;
    const answer = rule(text, country);
    if (cache.size >= limit) cache.clear();
    cache.set(text, answer);
    return answer;
  };
}
