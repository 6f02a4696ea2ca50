// The reviewable label tables ($LODGING_LABELS_DIR, default data/labels/*.json), loaded and compiled once; a mistake stops the pipeline at start.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LABELS_DIR, labelsDirFromEnv } from '../../platform/environment.ts';
import { LABEL_LANGUAGES, type LabelLanguage } from './label-key.ts';
import { compileLabelTable, type LabelTable } from './label-tables.ts';

/**
 * Read when the module loads, in every process and worker thread that classifies, so an import started after a
 * table changed (`lodging labels review --accept`, the operator console) uses the new table.
 */
const labelsDir = labelsDirFromEnv(process.env);

/** The table files as parsed JSON, in the order verdicts name them (sources named from the project root when they are the committed ones). */
export const RAW_LABEL_TABLES: readonly { language: LabelLanguage; source: string; raw: unknown }[] = LABEL_LANGUAGES.map((language) => {
  const file = path.join(labelsDir, `${language}.json`);
  const source = labelsDir === DEFAULT_LABELS_DIR ? `data/labels/${language}.json` : file;
  return { language, source, raw: JSON.parse(readFileSync(file, 'utf8')) as unknown };
});

/** Every table, in the order verdicts name them. All are tried for every listing: real listings mix languages. */
export const LABEL_TABLES: readonly LabelTable[] = RAW_LABEL_TABLES.map(({ raw, source, language }) =>
  compileLabelTable(raw, source, language),
);
