// The committed gazetteer files (data/gazetteer/<cc>.tsv.gz), each read and indexed once per process, on first use.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import tidy from '../../data/cities/tidy.json' with { type: 'json' };
import type { CountryCode } from '../../model/place.ts';
import { projectFile } from '../../platform/project-files.ts';
import { GazetteerIndex } from './gazetteer-index.ts';
import { parseRow } from './gazetteer-rows.ts';

const loaded = new Map<CountryCode, GazetteerIndex>();

/** The country's gazetteer; the first call reads and indexes the file (a few tens of ms), later calls return it. */
export function gazetteerOf(country: CountryCode): GazetteerIndex {
  const known = loaded.get(country);
  if (known !== undefined) return known;
  const source = `data/gazetteer/${country}.tsv.gz`;
  const lines = gunzipSync(readFileSync(projectFile(source))).toString('utf8').split('\n');
  // The first line names the columns; the last is empty (the file ends with a newline).
  const rows = lines.slice(1).flatMap((line, index) => (line === '' ? [] : [parseRow(line, index + 2, source)]));
  const index = new GazetteerIndex(rows, tidy.articles[country]);
  loaded.set(country, index);
  return index;
}
