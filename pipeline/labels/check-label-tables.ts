// `lodging labels check`: every problem in the label tables at once (duplicates, conflicts, folded twins, bad shapes).
import { LABEL_LANGUAGES, type LabelLanguage } from '../normalise/label-key.ts';
import { compileLabelTable, entryLabel, matchKeyOf, NO_KIND } from '../normalise/label-tables.ts';

export interface TableSource {
  language: LabelLanguage;
  source: string;
  raw: unknown;
}

export interface TableProblem {
  source: string;
  kind: 'invalid' | 'duplicate' | 'conflict';
  message: string;
}

interface Line {
  source: string;
  language: LabelLanguage;
  section: string;
  /** The lodging key, "non-lodging", or a head word's / qualifier's key. */
  meaning: string;
  entry: string;
}

/**
 * Checks the tables as files: each must load (compileLabelTable), no two lines of one file may fold to the same
 * form (a duplicate when they mean the same, a conflict when not), and no line of one file may fold, under either
 * file's language, to a line of another file that means something else ("Pension" cannot be a guesthouse in
 * French and a hotel in English). Head words and qualifiers are checked the same way among themselves.
 */
export function checkLabelTables(tables: readonly TableSource[]): TableProblem[] {
  const problems: TableProblem[] = [];
  const labels: Line[] = [];
  const phrases: Line[] = [];
  for (const { language, source, raw } of tables) {
    try {
      compileLabelTable(raw, source, language);
    } catch (error) {
      // The loader stops at its first mistake; the pairwise checks below name every other one.
      if (!/same label as|listed twice/.test((error as Error).message)) {
        problems.push({ source, kind: 'invalid', message: (error as Error).message });
        continue;
      }
    }
    const table = raw as Record<string, unknown>;
    for (const [key, entries] of Object.entries(asRecord(table.exact))) {
      for (const item of asArray(entries)) {
        const entry = entryLabel(item);
        if (entry !== undefined) labels.push({ source, language, section: `exact.${key}`, meaning: key, entry });
      }
    }
    for (const entry of asArray(table.nonLodging)) {
      if (typeof entry === 'string') labels.push({ source, language, section: 'nonLodging', meaning: 'non-lodging', entry });
    }
    for (const section of ['headWords', 'qualifiers'] as const) {
      for (const [key, entries] of Object.entries(asRecord(table[section]))) {
        for (const entry of asArray(entries)) {
          if (typeof entry === 'string') {
            phrases.push({ source, language, section: `${section}.${key}`, meaning: key === NO_KIND ? 'no kind' : key, entry });
          }
        }
      }
    }
  }
  problems.push(...pairs(labels), ...pairs(phrases), ...headWordsAgainstLabels(labels, phrases));
  return problems;
}

function pairs(lines: readonly Line[]): TableProblem[] {
  const problems: TableProblem[] = [];
  for (const language of LABEL_LANGUAGES) {
    // Every line folded by this language's rule; a pair counts when one of its lines is of this language.
    const groups = new Map<string, Line[]>();
    for (const line of lines) {
      const form = matchKeyOf(line.entry, language);
      if (form === '') continue;
      groups.set(form, [...(groups.get(form) ?? []), line]);
    }
    for (const [form, group] of groups) {
      for (let j = 1; j < group.length; j += 1) {
        for (let i = 0; i < j; i += 1) {
          const earlier = group[i]!;
          const line = group[j]!;
          if (earlier.language !== language && line.language !== language) continue;
          const sameFile = earlier.source === line.source;
          if (!sameFile && earlier.meaning === line.meaning) continue; // a loanword both languages agree on
          const where = `${line.section} "${line.entry}"`;
          const other = `${sameFile ? '' : `${earlier.source} `}${earlier.section} "${earlier.entry}"`;
          problems.push(
            earlier.meaning === line.meaning
              ? { source: line.source, kind: 'duplicate', message: `${line.source}: ${where} folds to the same form as ${other} ("${form}")` }
              : {
                  source: line.source,
                  kind: 'conflict',
                  message: `${line.source}: ${where} (${line.meaning}) folds to the same form as ${other} (${earlier.meaning}) ("${form}")`,
                },
          );
        }
      }
    }
  }
  return dedupe(problems);
}

/** A head word that is also a whole label of a table must name the same kind ("parque de caravanas"). */
function headWordsAgainstLabels(labels: readonly Line[], phrases: readonly Line[]): TableProblem[] {
  const problems: TableProblem[] = [];
  for (const phrase of phrases) {
    if (!phrase.section.startsWith('headWords.')) continue;
    const form = matchKeyOf(phrase.entry, phrase.language);
    for (const label of labels) {
      if (label.meaning === 'non-lodging' || label.meaning === phrase.meaning) continue;
      if (label.language !== phrase.language || matchKeyOf(label.entry, label.language) !== form) continue;
      problems.push({
        source: phrase.source,
        kind: 'conflict',
        message: `${phrase.source}: ${phrase.section} "${phrase.entry}" (${phrase.meaning}) is also ${label.section} "${label.entry}" (${label.meaning})`,
      });
    }
  }
  return problems;
}

function dedupe(problems: TableProblem[]): TableProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => (seen.has(problem.message) ? false : (seen.add(problem.message), true)));
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
