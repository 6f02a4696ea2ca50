// `npm run postal-codes:build -- ES.txt`: derives data/gazetteer/es-postal-codes.tsv.gz from a local copy of GeoNames' Spanish postal-code file (CC BY 4.0), matched to the gazetteer's municipalities.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { POSTAL_PLACE_MATCH_KM } from '../model/limits.ts';
import { gazetteerOf } from '../pipeline/normalise/gazetteer-files.ts';
import { distanceKm } from '../pipeline/normalise/gazetteer-index.ts';
import { formatPostalRow, POSTAL_COLUMNS, postalNameForms, type PostalCodeRow } from '../pipeline/normalise/postal-code-rows.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const source = process.argv[2];
if (source === undefined) throw new Error('usage: npm run postal-codes:build -- <GeoNames ES.txt>');
const gazetteer = gazetteerOf('es');
const codes = new Map<string, PostalCodeRow>();
/** GeoNames' accuracy of a point: 1 estimated, 4 the place's own GeoNames point, 6 the centroid of its addresses. */
const MIN_ACCURACY = 4;

// GeoNames' columns: country, postal code, place name, admin1 name, admin1, admin2 name, admin2, admin3 name, admin3, lat, lng, accuracy.
for (const line of readFileSync(source, 'utf8').split('\n')) {
  const field = line.split('\t');
  if (field[0] !== 'ES' || field.length < 11) continue;
  const [, postalCode, name, , , , admin2, , admin3] = field as [string, string, string, string, string, string, string, string, string];
  const lat = Number(field[9]);
  const lng = Number(field[10]);
  const row = codes.get(postalCode) ?? { postalCode, municipalities: [], unlisted: [] };
  codes.set(postalCode, row);
  // The place is the gazetteer's locality of that name in the province nearest GeoNames' point, if one lies near it:
  // its municipality is then the gazetteer's (the file's admin3 is sometimes a neighbour's). Otherwise the file's.
  const matches = postalNameForms(name).flatMap((form) => gazetteer.named(form))
    .filter((locality) => locality.admin2 === admin2)
    .map((locality) => ({ locality, km: distanceKm(lat, lng, locality.lat, locality.lng) }))
    .filter((match) => match.km <= POSTAL_PLACE_MATCH_KM)
    .sort((a, b) => a.km - b.km);
  const municipality = matches[0]?.locality.municipality ?? admin3;
  if (municipality !== '' && !row.municipalities.includes(municipality)) row.municipalities.push(municipality);
  // A place the gazetteer lacks is kept where GeoNames placed it itself (accuracy 4 and up), not at an estimated point
  // shared with its neighbours.
  if (matches.length === 0 && Number(field[11]) >= MIN_ACCURACY) row.unlisted.push({ name: postalNameForms(name).at(-1)!, lat, lng });
}

const rows = [...codes.values()].sort((a, b) => (a.postalCode < b.postalCode ? -1 : 1));
for (const row of rows) row.municipalities.sort();
const text = `${POSTAL_COLUMNS.join('\t')}\n${rows.map(formatPostalRow).join('\n')}\n`;
const file = path.join(root, 'data/gazetteer/es-postal-codes.tsv.gz');
writeFileSync(file, gzipSync(Buffer.from(text, 'utf8'), { level: 9 }));
process.stdout.write(`es: ${rows.length} postal codes, ${rows.reduce((n, row) => n + row.unlisted.length, 0)} places the gazetteer lacks, ${readFileSync(file).length} bytes\n`);
