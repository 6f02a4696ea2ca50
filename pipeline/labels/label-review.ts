// The label review use cases, shared by `lodging labels review|check` and the operator console.
import { AppError } from '../../platform/errors/app-error.ts';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LABELS_DIR } from '../../platform/environment.ts';
import { isLodgingType, LODGING_TYPES_BY_SPECIFICITY, type CountryCode } from '../../model/place.ts';
import { LABEL_LANGUAGES, type LabelLanguage } from '../normalise/label-key.ts';
import { classifyLabel } from '../normalise/lodging-type.ts';
import { checkLabelTables, type TableProblem, type TableSource } from './check-label-tables.ts';
import { suggestLabelKey, type Suggestion } from './suggest-label-key.ts';
import { readUnknownLabels, writeUnknownLabels, type UnknownLabelEntry } from './unknown-label-store.ts';

/** The committed tables: data/labels/ at the project root (LODGING_LABELS_DIR says otherwise, for imports and review alike). */
export { DEFAULT_LABELS_DIR };

/** The label language of each country's exports. */
export const COUNTRY_LANGUAGE: Record<CountryCode, LabelLanguage> = { es: 'es', gb: 'en', fr: 'fr', pt: 'pt' };

/** Besides the lodging keys, a label may be accepted as naming something that is not a place to stay. */
export const NON_LODGING = 'nonLodging';

export interface ReviewItem extends UnknownLabelEntry {
  suggestion: Suggestion;
}

/** Why a label was not written: a bad request (label, key, language), or a table that would then conflict. */
export type LabelReviewProblem = 'bad-label' | 'bad-key' | 'bad-language' | 'not-met' | 'already-mapped' | 'conflict';

export class LabelReviewError extends AppError {
  constructor(
    message: string,
    readonly problem: LabelReviewProblem = 'bad-label',
  ) {
    super(message, { code: `label-${problem}`, status: problem === 'conflict' || problem === 'already-mapped' ? 409 : 400 });
    this.name = 'LabelReviewError';
  }
}

/** Every stored label still unknown to the tables, most frequent first, with a suggested key. */
export async function listUnknownLabels(dataDir: string, filter: { country?: CountryCode } = {}): Promise<ReviewItem[]> {
  const stored = await readUnknownLabels(dataDir);
  return stored
    .filter((entry) => filter.country === undefined || entry.country === filter.country)
    .filter((entry) => classifyLabel(entry.label)?.kind === 'unknown')
    .sort((a, b) => b.count - a.count || b.totalCount - a.totalCount || a.label.localeCompare(b.label))
    .map((entry) => ({ ...entry, suggestion: suggestLabelKey(entry.label, COUNTRY_LANGUAGE[entry.country]) }));
}

export async function readTableSources(labelsDir: string): Promise<TableSource[]> {
  return Promise.all(
    LABEL_LANGUAGES.map(async (language) => {
      const file = path.join(labelsDir, `${language}.json`);
      return { language, source: file, raw: JSON.parse(await fs.readFile(file, 'utf8')) as unknown };
    }),
  );
}

/** `lodging labels check`: the problems of the table files in labelsDir (none is a pass). */
export async function checkLabels(labelsDir: string = DEFAULT_LABELS_DIR): Promise<TableProblem[]> {
  return checkLabelTables(await readTableSources(labelsDir));
}

export interface AcceptRequest {
  dataDir: string;
  labelsDir?: string;
  /** "LABEL=KEY" as typed, or label and key apart. */
  label: string;
  key: string;
  language?: LabelLanguage;
  /** Refuse (not-met) a label no import has met, even with a language: the operator console maps only listed labels. */
  onlyMet?: boolean;
}

export interface AcceptResult {
  label: string;
  key: string;
  language: LabelLanguage;
  file: string;
  /** Where in the file: `exact.<key>` or `nonLodging`. */
  section: string;
  /** The line the file gained, as written (indentation trimmed), and its 1-based number. */
  line: string;
  lineNumber: number;
}

/** Parses "LABEL=KEY" (the label may itself hold "=": the last one splits). */
export function parseAcceptArgument(text: string): { label: string; key: string } {
  const at = text.lastIndexOf('=');
  const label = at === -1 ? '' : text.slice(0, at).trim();
  const key = at === -1 ? '' : text.slice(at + 1).trim();
  if (label === '' || key === '') throw new LabelReviewError(`--accept wants "LABEL=KEY", got "${text}"`);
  return { label, key };
}

/**
 * Writes one label into its language's table (exact.<key>, or nonLodging) and drops it from the review store.
 * The language is the one asked for, else that of the country whose imports met the label. Refused, with the
 * file untouched, when the key is unknown or the new table would fail `lodging labels check`.
 */
export function acceptLabel(request: AcceptRequest): Promise<AcceptResult> {
  // One accept at a time in a process: two at once would each write the table they read, losing one.
  const turn = acceptQueue.then(() => acceptNow(request));
  acceptQueue = turn.catch(() => undefined);
  return turn;
}

let acceptQueue: Promise<unknown> = Promise.resolve();

async function acceptNow(request: AcceptRequest): Promise<AcceptResult> {
  const labelsDir = request.labelsDir ?? DEFAULT_LABELS_DIR;
  const label = request.label.normalize('NFC').replace(/\s+/g, ' ').trim();
  const { key } = request;
  if (label === '') throw new LabelReviewError('the label is empty', 'bad-label');
  if (!isLodgingType(key) && key !== NON_LODGING) {
    throw new LabelReviewError(`unknown key "${key}" (expected one of ${[...LODGING_TYPES_BY_SPECIFICITY, NON_LODGING].join(', ')})`, 'bad-key');
  }
  if (request.language !== undefined && !(LABEL_LANGUAGES as readonly string[]).includes(request.language)) {
    throw new LabelReviewError(`unknown table "${String(request.language)}" (expected one of ${LABEL_LANGUAGES.join(', ')})`, 'bad-language');
  }
  const stored = await readUnknownLabels(request.dataDir);
  const seenIn = stored.find((entry) => entry.label === label);
  const language = request.language ?? (seenIn ? COUNTRY_LANGUAGE[seenIn.country] : undefined);
  if (language === undefined) throw new LabelReviewError(`no import has met "${label}": say which table with --lang (${LABEL_LANGUAGES.join(', ')})`, 'not-met');

  const sources = await readTableSources(labelsDir);
  const target = sources.find((source) => source.language === language)!;
  const table = structuredClone(target.raw) as { exact: Record<string, unknown[]>; nonLodging: unknown[] };
  if (key === NON_LODGING) table.nonLodging.push(label);
  else (table.exact[key] ??= []).push(label);
  const problems = checkLabelTables(sources.map((source) => (source === target ? { ...source, raw: table } : source)));
  if (problems.length > 0) {
    const kind = problems.every((problem) => problem.kind === 'duplicate') ? 'already-mapped' : 'conflict';
    throw new LabelReviewError(`not written: ${problems.map((problem) => problem.message).join('; ')}`, kind);
  }
  if (request.onlyMet && seenIn === undefined) throw new LabelReviewError(`"${label}" is not among the unknown labels imports met`, 'not-met');
  const before = await fs.readFile(target.source, 'utf8');
  const after = await writeJsonAtomically(target.source, table);
  await writeUnknownLabels(
    request.dataDir,
    stored.filter((entry) => entry.label !== label),
  );
  const lineNumber = addedLineNumber(before, after, label);
  const section = key === NON_LODGING ? NON_LODGING : `exact.${key}`;
  return { label, key, language, file: target.source, section, line: after.split('\n')[lineNumber - 1]!.trim(), lineNumber };
}

/**
 * The tables are written as JSON.stringify(…, null, 2) (as committed), so the diff is the label's line added (the
 * one before it gaining a comma, or its key's lines around it when the key is new): its number in the new text.
 */
function addedLineNumber(before: string, after: string, label: string): number {
  const a = before.split('\n');
  const b = after.split('\n');
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix += 1;
  const written = JSON.stringify(label);
  for (let at = b.length - suffix - 1; at >= prefix; at -= 1) if (b[at]!.trim().replace(/,$/, '') === written) return at + 1;
  return b.length - suffix;
}

/** Written beside the table then renamed over it: a reader (or an import starting) never sees half a file. */
async function writeJsonAtomically(file: string, value: unknown): Promise<string> {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    await fs.writeFile(temp, text);
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  return text;
}
