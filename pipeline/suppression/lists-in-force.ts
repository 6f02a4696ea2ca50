// Which suppression list decided what each country serves now: the demo data's own list while a country serves the demo
// snapshot `npm start` imported, else this data directory's list (the one every import applies).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COUNTRY_CODES, type CountryCode } from '../../model/place.ts';
import { PROJECT_ROOT, projectFile } from '../../platform/project-files.ts';
import type { SuppressionEntry } from '../normalise/suppression.ts';
import { readPointer } from '../snapshot/snapshot-pointer.ts';
import { loadSuppressionFile } from './suppression-file.ts';

/** The list `npm start` imports the demo data (the reviewer fixtures) with. */
export const DEMO_SUPPRESSION_FILE = projectFile('fixtures/suppression-list.txt');

/** Where `npm start` writes the demo import's reports (JSON, as `lodging import --json` prints them). */
export function demoReportPath(dataDir: string, country: string): string {
  return path.join(dataDir, 'demo', `${country}-import-report.json`);
}

export interface DemoListInForce {
  /** The list as the project names it (fixtures/suppression-list.txt). */
  file: string;
  /** The countries whose current snapshot is still the demo's. */
  countries: CountryCode[];
  entries: SuppressionEntry[];
}

/** The snapshot version the demo import published for a country (null: no demo import here, or its report is unreadable). */
function demoVersion(dataDir: string, country: CountryCode): string | null {
  try {
    const report = JSON.parse(readFileSync(demoReportPath(dataDir, country), 'utf8')) as { snapshot?: { version?: unknown } | null };
    return typeof report.snapshot?.version === 'string' ? report.snapshot.version : null;
  } catch {
    return null;
  }
}

/** The demo's list and the countries it still decides (null when no country serves the demo data). */
export async function demoListInForce(dataDir: string): Promise<DemoListInForce | null> {
  const countries = COUNTRY_CODES.filter((country) => {
    const version = demoVersion(dataDir, country);
    return version !== null && readPointer(dataDir, country)?.version === version;
  });
  if (countries.length === 0) return null;
  const parsed = await loadSuppressionFile(dataDir, DEMO_SUPPRESSION_FILE);
  return { file: path.relative(PROJECT_ROOT, DEMO_SUPPRESSION_FILE), countries, entries: parsed.entries };
}
