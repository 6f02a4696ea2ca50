// `lodging labels review|check|holdout`: the unknown-label review loop and the label tables' checks.
import { parseArgs } from 'node:util';
import { isCountryCode } from '../../model/place.ts';
import { CommandFailure, UsageError, type CliIo } from '../../platform/cli-io.ts';
import { parseConfig } from '../../platform/environment.ts';
import { LABEL_LANGUAGES, type LabelLanguage } from '../normalise/label-key.ts';
import { measureHoldout } from '../labels/label-holdout.ts';
import { listNameSuggestions, type NameSuggestSighting } from '../labels/name-suggest-review.ts';
import { acceptLabel, checkLabels, LabelReviewError, listUnknownLabels, parseAcceptArgument, readTableSources } from '../labels/label-review.ts';

export const LABELS_USAGE = `usage: lodging labels review [--country CC] [--json]
       lodging labels review --accept "LABEL=KEY" [--lang es|en|fr|pt]
       lodging labels check
       lodging labels holdout [--json]
  review    every label imports met and no table knows (kept across runs in $LODGING_DATA_DIR/review/),
            most frequent first: count in the latest import, count over all imports, a suggested key, examples;
            and, first, the listings whose name suggests another kind than their label (lodgingType/name-suggests)
  --accept  writes LABEL into data/labels/<lang>.json under KEY (a lodgingType, or nonLodging) and prints the line
            added; the language is that of the country whose import met the label unless --lang says; refused if the
            table would not pass check. It applies from the next import
  check     fails (exit 1) on a duplicate, a conflict, or a label that folds to another's form, in or across tables
  holdout   the head-word rule's accuracy on a held-out fifth of each table (npm run labels:holdout)
  --labels-dir DIR  the tables to read and write (default: $LODGING_LABELS_DIR, else the project's data/labels)`;

export async function runLabelsCommand(argv: string[], io: CliIo): Promise<number> {
  const [verb, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      country: { type: 'string' },
      json: { type: 'boolean', default: false },
      accept: { type: 'string' },
      lang: { type: 'string' },
      'labels-dir': { type: 'string' },
    },
  });
  const config = parseConfig(io.env);
  const labelsDir = values['labels-dir'] ?? config.labelsDir;
  if (verb === 'check') return check(labelsDir, io);
  if (verb === 'holdout') return holdout(labelsDir, values.json ?? false, io);
  if (verb !== 'review') throw new UsageError(verb === undefined ? 'say review, check or holdout' : `unknown labels command "${verb}"`);

  const { dataDir } = config;
  if (values.accept !== undefined) {
    if (values.lang !== undefined && !(LABEL_LANGUAGES as readonly string[]).includes(values.lang)) {
      throw new UsageError(`--lang must be one of ${LABEL_LANGUAGES.join(', ')}`);
    }
    try {
      const { label, key } = parseAcceptArgument(values.accept);
      const request = { dataDir, labelsDir, label, key, ...(values.lang ? { language: values.lang as LabelLanguage } : {}) };
      const done = await acceptLabel(request);
      io.stdout(`added "${done.label}" → ${done.key} to ${done.file}\n`);
      io.stdout(`  line ${done.lineNumber}, ${done.section}: ${done.line}\n  It applies from the next import.\n`);
      return 0;
    } catch (error) {
      if (error instanceof LabelReviewError) throw new CommandFailure(error.message);
      throw error;
    }
  }
  if (values.country !== undefined && !isCountryCode(values.country)) throw new UsageError('--country must be es, gb, fr or pt');
  const filter = values.country === undefined ? {} : { country: values.country };
  const items = await listUnknownLabels(dataDir, filter);
  if (values.json) {
    io.stdout(`${JSON.stringify(items, null, 2)}\n`);
    return 0;
  }
  printNameSuggestions(await listNameSuggestions(dataDir, filter), io);
  if (items.length === 0) {
    io.stdout('No unknown labels to review.\n');
    return 0;
  }
  for (const item of items) {
    const suggestion = item.suggestion.key === null ? 'no suggestion' : `suggest ${item.suggestion.key} (${item.suggestion.why})`;
    io.stdout(`${JSON.stringify(item.label)}  ${item.country}  ${item.count} listing(s) in the latest import, ${item.totalCount} over ${item.runs} import(s)  ${suggestion}\n`);
    for (const example of item.examples) io.stdout(`    ${example.id}  ${example.name ?? '(no name)'}  ${example.file}:${example.line}\n`);
  }
  io.stdout(`\n${items.length} label(s). Accept one with: lodging labels review --accept "LABEL=KEY"\n`);
  return 0;
}

/** Listings whose name points to another kind than their label gave (lodgingType/name-suggests), per country's latest import. */
function printNameSuggestions(sightings: readonly NameSuggestSighting[], io: CliIo): void {
  for (const s of sightings) {
    const kinds = Object.entries(s.bySuggested).sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${kind} ${n}`).join(', ');
    io.stdout(`Names suggesting another kind (lodgingType/name-suggests), ${s.country}, run ${s.runId}: ${s.count} listing(s): ${kinds}\n`);
    for (const e of s.examples) {
      io.stdout(`    ${e.id}  ${JSON.stringify(e.name)}  label ${e.label === null ? '(none)' : JSON.stringify(e.label)} → ${e.lodgingType}; the name suggests ${e.suggested}  ${e.file}:${e.line}\n`);
    }
  }
  if (sightings.length > 0) io.stdout('  The name never changes lodgingType: map or fix the label if the name is right.\n\n');
}

async function check(labelsDir: string, io: CliIo): Promise<number> {
  const problems = await checkLabels(labelsDir);
  for (const problem of problems) io.stderr(`${problem.kind}: ${problem.message}\n`);
  if (problems.length > 0) {
    io.stderr(`lodging labels check: ${problems.length} problem(s)\n`);
    return 1;
  }
  io.stdout('labels check: every table is consistent.\n');
  return 0;
}

async function holdout(labelsDir: string, json: boolean, io: CliIo): Promise<number> {
  const sources = await readTableSources(labelsDir);
  const results = measureHoldout(sources);
  const strict = measureHoldout(sources, { strict: true });
  if (json) {
    io.stdout(`${JSON.stringify(results, null, 2)}\n`);
    return 0;
  }
  const print = (title: string, figures: typeof results) => {
    io.stdout(title);
    for (const result of figures) {
      io.stdout(`  ${result.language}  ${result.correct}/${result.heldOut} held-out labels right = ${(result.accuracy * 100).toFixed(1)}%  (table: ${result.labels} labels)\n`);
      for (const miss of result.misses) io.stdout(`      miss: ${JSON.stringify(miss.label)} expected ${miss.expected}, got ${miss.got}${miss.rule ? ` by ${miss.rule}` : ''}\n`);
    }
  };
  print('Held-out fifth of each table, classified by the rest plus the head-word rule:\n', results);
  print('\nStricter: a held-out label that is itself a head word ("Hostal") also loses that head word:\n', strict);
  return 0;
}
