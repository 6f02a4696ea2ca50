// Loads the reviewable label tables (data/labels/*.json) once, checks them, and compiles them for matching.
import en from '../../data/labels/en.json' with { type: 'json' };
import es from '../../data/labels/es.json' with { type: 'json' };
import fr from '../../data/labels/fr.json' with { type: 'json' };
import pt from '../../data/labels/pt.json' with { type: 'json' };
import { LODGING_TYPES_BY_SPECIFICITY, isLodgingType, type LodgingType } from '../../model/place.ts';
import { compactKey, labelKey, singularKey, type LabelLanguage } from './label-key.ts';

/** A table line as the reviewer wrote it, for `LabelVerdict.rule`. */
export interface ExactEntry {
  key: LodgingType;
  entry: string;
}

export interface KeywordRule {
  /** Matches the label's singular key where the keyword's words appear whole, spaces between them optional. */
  pattern: RegExp;
  key: LodgingType;
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
  keywords: readonly KeywordRule[];
}

const TABLE_FIELDS = new Set(['language', 'notes', 'exact', 'keywords', 'quality', 'nonLodging']);
const KEYWORD_FIELDS = new Set(['contains', 'key', 'note']);

class TableError extends Error {
  constructor(source: string, where: string, problem: string) {
    super(`${source}: ${where}: ${problem}`);
    this.name = 'TableError';
  }
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
    for (const entry of strings(entries, source, `exact.${key}`)) exact.set(claim(entry, `exact.${key}`), { key, entry });
  }

  const nonLodging = new Map<string, string>();
  for (const entry of strings(raw.nonLodging, source, 'nonLodging')) nonLodging.set(claim(entry, 'nonLodging'), entry);

  const quality = strings(raw.quality, source, 'quality').map((entry) => ({
    pattern: compilePattern(entry, source),
    entry,
  }));

  if (!Array.isArray(raw.keywords)) throw new TableError(source, 'keywords', 'must be an array');
  const keywordsSeen = new Set<string>();
  const keywords = raw.keywords.map((rule: unknown, index): KeywordRule => {
    const where = `keywords[${index}]`;
    if (!isRecord(rule) || typeof rule.contains !== 'string' || typeof rule.key !== 'string') {
      throw new TableError(source, where, 'must be { "contains": string, "key": lodging key }');
    }
    for (const field of Object.keys(rule)) {
      if (!KEYWORD_FIELDS.has(field)) throw new TableError(source, `${where}.${field}`, 'unknown field');
    }
    if (!isLodgingType(rule.key)) throw new TableError(source, `${where}.key`, `unknown lodging key "${rule.key}"`);
    const words = singularKey(labelKey(rule.contains), language);
    if (words === '') throw new TableError(source, where, `"${rule.contains}" has no letters or digits`);
    if (keywordsSeen.has(compactKey(words))) throw new TableError(source, where, `"${rule.contains}" is listed twice`);
    keywordsSeen.add(compactKey(words));
    return { pattern: keywordPattern(words), key: rule.key, entry: rule.contains };
  });

  return { language, exact, nonLodging, quality, keywords };
}

// "guest house" → /(?:^| )guest ?house(?: |$)/: whole words, so "spa" misses "espacio" and "bar" misses "barco".
function keywordPattern(words: string): RegExp {
  const body = words
    .split(' ')
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join(' ?');
  return new RegExp(`(?:^| )${body}(?: |$)`);
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

/** Every table, in the order verdicts name them. All are tried for every listing: real listings mix languages. */
export const LABEL_TABLES: readonly LabelTable[] = [
  compileLabelTable(es, 'data/labels/es.json', 'es'),
  compileLabelTable(en, 'data/labels/en.json', 'en'),
  compileLabelTable(fr, 'data/labels/fr.json', 'fr'),
  compileLabelTable(pt, 'data/labels/pt.json', 'pt'),
];
