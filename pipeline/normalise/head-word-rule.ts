// The head-word rule: a label no table lists names the kind of lodging its head noun names; qualifiers only break ties.
import { LODGING_TYPES_BY_SPECIFICITY, type LodgingType } from '../../model/place.ts';
import type { LabelTable, RulePhrase } from './label-tables.ts';

const RANK: ReadonlyMap<LodgingType, number> = new Map(LODGING_TYPES_BY_SPECIFICITY.map((key, rank) => [key, rank]));

/** The data rules' order: motorhomeArea > campsite > … > hotel > lodging. */
export function moreSpecific(a: LodgingType, b: LodgingType): boolean {
  return (RANK.get(a) ?? Infinity) < (RANK.get(b) ?? Infinity);
}

export interface RuleHit {
  key: LodgingType;
  /** e.g. `es head word "hostal"`, `es qualifier "rural"`. */
  rule: string;
}

/** What one table's words find in one label: its head nouns and its qualifiers, each phrase once. */
export interface PhraseHits {
  heads: RuleHit[];
  qualifiers: RuleHit[];
}

/**
 * Reads a label's singular words (in the table's language) against the table's head words, longest phrase
 * first, each word used once ("auberge de jeunesse" is one head, not "auberge" plus "jeunesse"); then the
 * qualifiers among the words left. A phrase matches spaced ("guest house") or run together ("guesthouse").
 */
export function findPhrases(table: LabelTable, singular: string): PhraseHits {
  const words = singular.split(' ');
  const used = new Array<boolean>(words.length).fill(false);
  const read = (phrases: readonly RulePhrase[], kind: string): RuleHit[] => {
    const hits: RuleHit[] = [];
    for (const phrase of phrases) {
      for (let at = 0; at < words.length; at += 1) {
        const width = matchAt(words, used, at, phrase);
        if (width === 0) continue;
        for (let i = at; i < at + width; i += 1) used[i] = true;
        if (phrase.key !== null) hits.push({ key: phrase.key, rule: `${table.language} ${kind} "${phrase.entry}"` });
      }
    }
    return hits;
  };
  const heads = read(table.headWords, 'head word');
  const qualifiers = read(table.qualifiers, 'qualifier');
  return { heads, qualifiers };
}

function matchAt(words: readonly string[], used: readonly boolean[], at: number, phrase: RulePhrase): number {
  if (used[at] !== true && words[at] === phrase.compact) return 1;
  if (at + phrase.words.length > words.length) return 0;
  for (let i = 0; i < phrase.words.length; i += 1) {
    if (used[at + i] === true || words[at + i] !== phrase.words[i]) return 0;
  }
  return phrase.words.length;
}

function mostSpecific(hits: readonly RuleHit[]): RuleHit | undefined {
  let best: RuleHit | undefined;
  for (const hit of hits) if (best === undefined || moreSpecific(hit.key, best.key)) best = hit;
  return best;
}

/**
 * The rule's verdict over every language's findings for one label: the most specific head noun wins
 * ("Camping con bungalows" → campsite, "Hotel balneario" → resort); qualifiers ("rural", "boutique",
 * "with rooms") name the kind only where no head does, or where the head is the generic "alojamiento"
 * ("Alojamiento rural" → ruralHouse, "Hostal rural" → guesthouse). null when neither names anything.
 */
export function decideByHeadWord(findings: readonly PhraseHits[]): RuleHit | null {
  const head = mostSpecific(findings.flatMap((found) => found.heads));
  if (head !== undefined && head.key !== 'lodging') return head;
  const qualifier = mostSpecific(findings.flatMap((found) => found.qualifiers));
  return qualifier ?? head ?? null;
}
