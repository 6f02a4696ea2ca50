// Checks one label table file and compiles it for matching (the bundled tables are loaded in bundled-label-tables.ts).
import { AppError } from '../../platform/errors/app-error.ts';
import { LODGING_TYPES_BY_SPECIFICITY, isLodgingType, type LodgingType } from '../../model/place.ts';
import { compactKey, labelKey, singularKey, type LabelLanguage } from './label-key.ts';

/** A table line as the reviewer wrote it, for `LabelVerdict.rule`. */
export interface ExactEntry {
  key: LodgingType;
  entry: string;
}

/** A head word or qualifier of the head-word rule: its words, singular, as the label's words will be. */
export interface RulePhrase {
  /** The phrase's singular words ("casa", "rural"). */
  words: readonly string[];
  /** The same words run together ("casarural"), which a label may also write as one word. */
  compact: string;
  /** null for a qualifier that names no kind ("boutique", "familiar"). */
  key: LodgingType | null;
  entry: string;
}

export interface QualityRule {
  /** Tested against labelKey(label): lower case, no accents, single spaces, plurals kept. */
  pattern: RegExp;
  entry: string;
}

export interface LabelTable {
  language: LabelLanguage;
  /** compactKey(singularKey(labelKey(entry))) → entry. */
  exact: ReadonlyMap<string, ExactEntry>;
  nonLodging: ReadonlyMap<string, string>;
  quality: readonly QualityRule[];
  /** Nouns naming a kind of lodging, longest first (see head-word-rule.ts). */
  headWords: readonly RulePhrase[];
  /** Words that qualify a head ("rural", "boutique"); their key applies only where no head names a narrower kind. */
  qualifiers: readonly RulePhrase[];
}

/** The raw table file, as the reviewer wrote it: labels as strings or `{ label, note }`. */
export interface RawLabelTable {
  language: string;
  notes?: string[];
  exact: Record<string, (string | { label: string; note?: string })[]>;
  headWords: Record<string, string[]>;
  qualifiers: Record<string, string[]>;
  quality: string[];
  nonLodging: string[];
}

const TABLE_FIELDS = new Set(['language', 'notes', 'exact', 'headWords', 'qualifiers', 'quality', 'nonLodging']);
/** The qualifiers' section for words that name no kind. */
export const NO_KIND = 'none';

class TableError extends AppError {
  constructor(source: string, where: string, problem: string) {
    super(`${source}: ${where}: ${problem}`, { code: 'bad-label-table' });
    this.name = 'TableError';
  }
}

/** The label an exact entry holds, whether written as a string or as `{ "label": …, "note": … }`. */
export function entryLabel(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (isRecord(entry) && typeof entry.label === 'string') return entry.label;
  return undefined;
}

/** The form every exact and non-lodging entry is compared in, for one language. */
export function matchKeyOf(label: string, language: LabelLanguage): string {
  return compactKey(singularKey(labelKey(label), language));
}

/** Turns one parsed table file into its matching form; throws naming the file and entry at the first mistake. */
export function compileLabelTable(raw: unknown, source: string, language: LabelLanguage): LabelTable {
  if (!isRecord(raw)) throw new TableError(source, '(top level)', 'must be a JSON object');
  for (const field of Object.keys(raw)) {
    if (!TABLE_FIELDS.has(field)) throw new TableError(source, field, `unknown field (expected ${[...TABLE_FIELDS].join(', ')})`);
  }
  if (raw.language !== language) throw new TableError(source, 'language', `must be "${language}"`);
  if (raw.notes !== undefined) strings(raw.notes, source, 'notes');

  const seen = new Map<string, string>();
  const claim = (entry: string, where: string): string => {
    const key = labelKey(entry);
    if (key === '') throw new TableError(source, where, `"${entry}" has no letters or digits`);
    const matchKey = compactKey(singularKey(key, language));
    const earlier = seen.get(matchKey);
    if (earlier !== undefined) {
      throw new TableError(source, where, `"${entry}" is the same label as ${earlier} once case, accents and plurals are folded`);
    }
    seen.set(matchKey, `${where} "${entry}"`);
    return matchKey;
  };

  const exact = new Map<string, ExactEntry>();
  if (!isRecord(raw.exact)) throw new TableError(source, 'exact', 'must be an object of lodging key → labels');
  for (const [key, entries] of Object.entries(raw.exact)) {
    if (!isLodgingType(key)) {
      throw new TableError(source, `exact.${key}`, `unknown lodging key (expected one of ${LODGING_TYPES_BY_SPECIFICITY.join(', ')})`);
    }
    if (!Array.isArray(entries)) throw new TableError(source, `exact.${key}`, 'must be an array of labels');
    entries.forEach((item: unknown, index) => {
      const entry = entryLabel(item);
      if (entry === undefined || entry.trim() === '') {
        throw new TableError(source, `exact.${key}[${index}]`, 'must be a non-empty string or { "label": string, "note": string }');
      }
      if (isRecord(item)) {
        for (const field of Object.keys(item)) {
          if (field !== 'label' && field !== 'note') throw new TableError(source, `exact.${key}[${index}].${field}`, 'unknown field');
        }
      }
      exact.set(claim(entry, `exact.${key}`), { key, entry });
    });
  }

  const nonLodging = new Map<string, string>();
  for (const entry of strings(raw.nonLodging, source, 'nonLodging')) nonLodging.set(claim(entry, 'nonLodging'), entry);

  const quality = strings(raw.quality, source, 'quality').map((entry) => ({
    pattern: compilePattern(entry, source),
    entry,
  }));

  const phrasesSeen = new Map<string, string>();
  const phrases = (section: 'headWords' | 'qualifiers', allowNone: boolean): RulePhrase[] => {
    const value = raw[section];
    if (!isRecord(value)) throw new TableError(source, section, 'must be an object of lodging key → words');
    const out: RulePhrase[] = [];
    for (const [key, entries] of Object.entries(value)) {
      const where = `${section}.${key}`;
      if (!isLodgingType(key) && !(allowNone && key === NO_KIND)) {
        throw new TableError(source, where, `unknown lodging key${allowNone ? ` (or "${NO_KIND}")` : ''}`);
      }
      for (const entry of strings(entries, source, where)) {
        const words = singularKey(labelKey(entry), language);
        if (words === '') throw new TableError(source, where, `"${entry}" has no letters or digits`);
        const compact = compactKey(words);
        const earlier = phrasesSeen.get(compact);
        if (earlier !== undefined) throw new TableError(source, where, `"${entry}" is listed twice (also ${earlier})`);
        phrasesSeen.set(compact, `${where} "${entry}"`);
        out.push({ words: words.split(' '), compact, key: key === NO_KIND ? null : (key as LodgingType), entry });
      }
    }
    // Longest first, so "auberge de jeunesse" is read before "auberge".
    return out.sort((a, b) => b.words.length - a.words.length || b.compact.length - a.compact.length);
  };
  const headWords = phrases('headWords', false);
  const qualifiers = phrases('qualifiers', true);

  return { language, exact, nonLodging, quality, headWords, qualifiers };
}

// Reviewers write patterns with accents ("étoiles"); labels lose theirs, so the pattern must too.
function compilePattern(entry: string, source: string): RegExp {
  const folded = entry.normalize('NFKD').replace(/\p{M}+/gu, '');
  try {
    return new RegExp(folded, 'iu');
  } catch (error) {
    throw new TableError(source, 'quality', `"${entry}" is not a valid pattern (${(error as Error).message})`);
  }
}

function strings(value: unknown, source: string, where: string): string[] {
  if (!Array.isArray(value)) throw new TableError(source, where, 'must be an array of strings');
  return value.map((item, index) => {
    if (typeof item !== 'string' || item.trim() === '') {
      throw new TableError(source, `${where}[${index}]`, 'must be a non-empty string');
    }
    return item;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
