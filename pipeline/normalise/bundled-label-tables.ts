// The reviewable label tables (data/labels/*.json), loaded and compiled once; a mistake stops the pipeline at start.
import en from '../../data/labels/en.json' with { type: 'json' };
import es from '../../data/labels/es.json' with { type: 'json' };
import fr from '../../data/labels/fr.json' with { type: 'json' };
import pt from '../../data/labels/pt.json' with { type: 'json' };
import type { LabelLanguage } from './label-key.ts';
import { compileLabelTable, type LabelTable } from './label-tables.ts';

/** The table files as parsed JSON, in the order verdicts name them. */
export const RAW_LABEL_TABLES: readonly { language: LabelLanguage; source: string; raw: unknown }[] = [
  { language: 'es', source: 'data/labels/es.json', raw: es },
  { language: 'en', source: 'data/labels/en.json', raw: en },
  { language: 'fr', source: 'data/labels/fr.json', raw: fr },
  { language: 'pt', source: 'data/labels/pt.json', raw: pt },
];

/** Every table, in the order verdicts name them. All are tried for every listing: real listings mix languages. */
export const LABEL_TABLES: readonly LabelTable[] = RAW_LABEL_TABLES.map(({ raw, source, language }) =>
  compileLabelTable(raw, source, language),
);
