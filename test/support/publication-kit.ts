// Helpers for the publication suites: the CLI in-process, generated and hand-made exports, and the API's answers for a country.
import fs from 'node:fs';
import path from 'node:path';
import { main } from '../../bin/commands.ts';
import { generateListingLines } from '../../pipeline/generate/generate-listings.ts';
import type { CountryCode } from '../../model/place.ts';
import type { TestApi } from '../api/support/test-api.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI in-process, not interactive, with the environment `env()` gives at each call; its output collected. */
export function inProcessCli(env: () => NodeJS.ProcessEnv): (argv: string[]) => Promise<CliResult> {
  return async (argv) => {
    let stdout = '';
    let stderr = '';
    const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env: env(), interactive: false });
    return { code, stdout, stderr };
  };
}

export function lodging(dataDir: string, argv: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return inProcessCli(() => ({ LODGING_DATA_DIR: dataDir, LODGING_THREADS: '0', ...env }))(argv);
}

/** The first `count` lines of the deterministic generator (seed 1 unless told), optionally filtered or changed. */
export function generatedLines(country: CountryCode, count: number, seed = 1): string[] {
  return [...generateListingLines({ country, count, seed })];
}

export function writeLines(dir: string, name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, lines.length ? `${lines.join('\n')}\n` : '');
  return file;
}

export const hotel = (id: string, over: Record<string, unknown> = {}) =>
  JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Sevilla' }, phone: '954 21 11 12', categories: ['Hotel'], ...over });

export const restaurant = (id: string) =>
  JSON.stringify({ providerId: id, name: `Bar ${id}`, address: { city: 'Sevilla' }, categories: ['Restaurante'] });

/** Every page of the country's places and each place by id: what a consumer sees, exactly (bodies as text). */
export async function countryAnswers(api: TestApi, country: CountryCode): Promise<string[]> {
  const answers: string[] = [];
  let cursor: string | null = null;
  const ids: string[] = [];
  do {
    const query: string = `/api/v1/places?country=${country}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await api.get(query);
    const text = await response.text();
    answers.push(`${response.status} ${text}`);
    if (response.status !== 200) break;
    const page = JSON.parse(text) as { places: { id: string }[]; page: { nextCursor: string | null } };
    const items = page.places;
    ids.push(...items.map((p) => p.id));
    cursor = page.page.nextCursor;
  } while (cursor);
  for (const id of ids.slice(0, 5)) {
    const response = await api.get(`/api/v1/places/${encodeURIComponent(id)}`);
    answers.push(`${response.status} ${await response.text()}`);
  }
  return answers;
}
