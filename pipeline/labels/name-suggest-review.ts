// Listings whose name points to another kind than their labels gave (lodgingType/name-suggests), kept per country from its latest import for label review.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { openSnapshotRecords } from '../snapshot/records-file.ts';
import type { CountryCode } from '../../model/place.ts';

/** One listing: its name, the label it was given, the kind its labels gave and the kind its name suggests. */
export interface NameSuggestExample {
  id: string;
  name: string;
  label: string | null;
  lodgingType: string;
  suggested: string;
  file: string;
  line: number;
}

export interface NameSuggestSighting {
  country: CountryCode;
  runId: string;
  at: string;
  /** Listings with the issue in that import. */
  count: number;
  /** Listings per suggested kind. */
  bySuggested: Record<string, number>;
  /** The first few listings of each suggested kind, in file order. */
  examples: NameSuggestExample[];
}

export const NAME_SUGGEST_EXAMPLES_PER_KIND = 5;

export function nameSuggestStorePath(dataDir: string): string {
  return path.join(dataDir, 'review', 'name-suggests.json');
}

/** Reads the listings with the issue from a snapshot file (published or a held candidate). */
export function nameSuggestsFromSnapshot(databasePath: string): Pick<NameSuggestSighting, 'count' | 'bySuggested' | 'examples'> {
  const { db } = openSnapshotRecords(databasePath);
  try {
    const rows = db
      .prepare(
        `SELECT id, json_extract(place, '$.name') AS name, json_extract(place, '$.primaryType') AS label, lodging_type AS lodgingType,
                issues, source_file AS file, source_line AS line
           FROM listings WHERE issues LIKE '%name-suggests%' ORDER BY source_file_index, source_line`,
      )
      .all() as { id: string; name: string | null; label: string | null; lodgingType: string; issues: string; file: string; line: number }[];
    const bySuggested: Record<string, number> = {};
    const examples: NameSuggestExample[] = [];
    let count = 0;
    for (const row of rows) {
      const issue = (JSON.parse(row.issues) as { field: string; code: string; group?: string }[]).find((i) => i.field === 'lodgingType' && i.code === 'name-suggests');
      if (!issue?.group) continue;
      count += 1;
      bySuggested[issue.group] = (bySuggested[issue.group] ?? 0) + 1;
      if (bySuggested[issue.group]! <= NAME_SUGGEST_EXAMPLES_PER_KIND) {
        examples.push({ id: row.id, name: row.name ?? '', label: row.label, lodgingType: row.lodgingType, suggested: issue.group, file: row.file, line: row.line });
      }
    }
    return { count, bySuggested, examples };
  } finally {
    db.close();
  }
}

async function readStore(dataDir: string): Promise<NameSuggestSighting[]> {
  try {
    const parsed = JSON.parse(await fs.readFile(nameSuggestStorePath(dataDir), 'utf8')) as { countries?: NameSuggestSighting[] };
    return Array.isArray(parsed.countries) ? parsed.countries : [];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Replaces the country's entry with this import's (its latest); written in one rename. */
export async function recordNameSuggests(dataDir: string, sighting: NameSuggestSighting): Promise<void> {
  const others = (await readStore(dataDir)).filter((entry) => entry.country !== sighting.country);
  const countries = sighting.count > 0 ? [...others, sighting] : others;
  const file = nameSuggestStorePath(dataDir);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temp, `${JSON.stringify({ version: 1, countries: countries.sort((a, b) => a.country.localeCompare(b.country)) }, null, 2)}\n`);
  await fs.rename(temp, file);
}

/** Each country's latest import's name-suggests listings, with examples (label review: console and CLI). */
export async function listNameSuggestions(dataDir: string, filter: { country?: CountryCode } = {}): Promise<NameSuggestSighting[]> {
  return (await readStore(dataDir)).filter((entry) => filter.country === undefined || entry.country === filter.country);
}
