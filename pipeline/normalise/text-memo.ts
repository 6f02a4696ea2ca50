// A bounded cache for a pure rule of one text value: values that repeat (city names, country names) are worked out once.

/** Values kept before the cache starts over: an export's distinct values of one field fit many times over. */
const DEFAULT_LIMIT = 20_000;

/** The rule, remembering its answer for each text. Only for pure rules whose answers are strings, null or read-only. */
export function memoText<T>(rule: (text: string) => T, limit = DEFAULT_LIMIT): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    const known = cache.get(text);
    if (known !== undefined || cache.has(text)) return known as T;
    const answer = rule(text);
    if (cache.size >= limit) cache.clear();
    cache.set(text, answer);
    return answer;
  };
}
