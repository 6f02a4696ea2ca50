// The reviewable label tables ($LODGING_LABELS_DIR, default data/labels/*.json), read and compiled on first use; a mistake stops the first classification.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LABELS_DIR, labelsDirFromEnv } from '../../platform/environment.ts';
import { LABEL_LANGUAGES, type LabelLanguage } from './label-key.ts';
import { compileLabelTable, type LabelTable } from './label-tables.ts';

export interface RawLabelTable {
  language: LabelLanguage;
  source: string;
  raw: unknown;
}

/**
 * Read once per process and worker thread, on the first call, never when the module loads: an import started
 * after a table changed (`lodging labels review --accept`, the operator console) uses the new table.
 */
let raw: readonly RawLabelTable[] | undefined;
let compiled: readonly LabelTable[] | undefined;

/** The table files as parsed JSON, in the order verdicts name them (sources named from the project root when they are the committed ones). */
export function rawLabelTables(): readonly RawLabelTable[] {
  if (raw) return raw;
  const labelsDir = labelsDirFromEnv(process.env);
  raw = LABEL_LANGUAGES.map((language) => {
    const file = path.join(labelsDir, `${language}.json`);
    const source = labelsDir === DEFAULT_LABELS_DIR ? `data/labels/${language}.json` : file;
    return { language, source, raw: JSON.parse(readFileSync(file, 'utf8')) as unknown };
  });
  return raw;
}

/** Every table, in the order verdicts name them. All are tried for every listing: real listings mix languages. */
export function labelTables(): readonly LabelTable[] {
  compiled ??= rawLabelTables().map(({ raw: table, source, language }) => compileLabelTable(table, source, language));
  return compiled;
}
