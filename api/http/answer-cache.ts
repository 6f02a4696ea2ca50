// Read API answers kept by request URL for the snapshot version that gave them: a published version never changes, nor do they.
import { SERVED_ANSWERS_BYTES, SERVED_ANSWERS_KEPT } from '../../model/limits.ts';
import type { CountryCode } from '../../model/place.ts';
import { BoundedCache } from '../../pipeline/index.ts';
import type { Answer } from './conditional-response.ts';

/** What the country's snapshot of `version` answered to the URL. */
interface KeptAnswer {
  url: string;
  country: CountryCode;
  version: string;
  answer: Answer;
}

/** An entry's bytes besides its body: the URL (two bytes a character), the tag, the version and the objects, about. */
const ENTRY_BYTES = 256;

/**
 * The same URL asks the same thing of the same snapshot: its parameters, validation, query, serialisation and tag
 * come out the same, so a kept answer is sent as it was made. Only answers with a body (200) are kept, and one is
 * sent only while its country's snapshot in use is still the version that gave it.
 */
export class AnswerCache {
  private readonly kept = new BoundedCache<string, KeptAnswer>(
    SERVED_ANSWERS_KEPT,
    SERVED_ANSWERS_BYTES,
    (entry) => entry.answer.length + entry.url.length * 2 + ENTRY_BYTES,
  );

  /**
   * URLs answered once and not kept: an answer is kept the second time its URL is answered, so URLs asked only once
   * (a walk's later pages, lookups of places nobody asks for twice) never push out the ones asked again, nor cost a
   * long-lived copy each.
   */
  private readonly askedOnce = new BoundedCache<string, string>(SERVED_ANSWERS_KEPT, SERVED_ANSWERS_BYTES / 8, (url) => url.length * 2 + ENTRY_BYTES);

  /** `currentVersion`: the version that would answer the country now (the query service's, refreshed when due). */
  constructor(private readonly currentVersion: (country: CountryCode) => string | null) {}

  /** The answer kept for this URL, when the snapshot that gave it still answers its country. */
  get(url: string): Answer | undefined {
    const entry = this.kept.get(url);
    if (entry === undefined) return undefined;
    if (this.currentVersion(entry.country) !== entry.version) {
      this.kept.delete(url);
      return undefined;
    }
    // Asked for again: from now on its bytes are sent, not encoded again each time (an answer asked for once costs
    // no copy; its weight was its byte length from the start).
    if (typeof entry.answer.body === 'string') entry.answer = { ...entry.answer, body: Buffer.from(entry.answer.body) };
    return entry.answer;
  }

  /** Keeps an answer a country's published snapshot gave to a URL answered before (one with no version is not kept). */
  keep(url: string, country: CountryCode | null, answer: Answer): void {
    if (country === null || answer.version === null) return;
    if (this.askedOnce.get(url) === undefined) {
      this.askedOnce.set(url, url);
      return;
    }
    this.askedOnce.delete(url);
    this.kept.set(url, { url, country, version: answer.version, answer });
  }

  get size(): number {
    return this.kept.size;
  }
}
