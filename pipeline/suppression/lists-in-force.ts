// Which suppression list decided what each country serves now: the demo data's own list while a country serves the demo
// snapshot `npm start` imported, else this data directory's list (the one every import applies).
import path from 'node:path';
import { COUNTRY_CODES, type CountryCode } from '../../model/place.ts';
import { PROJECT_ROOT, projectFile } from '../../platform/project-files.ts';
import type { SuppressionEntry } from '../normalise/suppression.ts';
import { fileRunStore } from '../runs/run-store.ts';
import { readPointer } from '../snapshot/snapshot-pointer.ts';
import { loadSuppressionFile } from './suppression-file.ts';

/** The list `npm start` imports the demo data (the reviewer fixtures) with. */
export const DEMO_SUPPRESSION_FILE = projectFile('fixtures/suppression-list.txt');

/** Who the run history names as running the demo import. */
export const DEMO_ACTOR = 'npm start (demo data)';

export interface DemoListInForce {
  /** The list as the project names it (fixtures/suppression-list.txt). */
  file: string;
  /** The countries whose current snapshot is still the demo's. */
  countries: CountryCode[];
  entries: SuppressionEntry[];
}

/** The countries whose serving snapshot is one the demo import published (a later import or rollback may have replaced it). */
export async function countriesServingDemo(dataDir: string): Promise<CountryCode[]> {
  const runs = fileRunStore(dataDir);
  const serving: CountryCode[] = [];
  for (const country of COUNTRY_CODES) {
    const current = readPointer(dataDir, country);
    if (current === null) continue;
    const demo = (await runs.list({ country })).some((run) => run.by === DEMO_ACTOR && run.publishedVersion === current.version);
    if (demo) serving.push(country);
  }
  return serving;
}

/** The demo's list and the countries it still decides (null when no country serves the demo data). */
export async function demoListInForce(dataDir: string): Promise<DemoListInForce | null> {
  const countries = await countriesServingDemo(dataDir);
  if (countries.length === 0) return null;
  const parsed = await loadSuppressionFile(dataDir, DEMO_SUPPRESSION_FILE);
  return { file: path.relative(PROJECT_ROOT, DEMO_SUPPRESSION_FILE), countries, entries: parsed.entries };
}
