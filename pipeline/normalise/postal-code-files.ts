// The committed Spanish postal-code table (data/gazetteer/es-postal-codes.tsv.gz), read once per process, on first use.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { projectFile } from '../../platform/project-files.ts';
import { parsePostalRow, type PostalCodeRow } from './postal-code-rows.ts';

let loaded: ReadonlyMap<string, PostalCodeRow> | null = null;

/** What a Spanish postal code names (municipalities, places the gazetteer lacks), or null when the table lacks it. */
export function spanishPostalCode(postalCode: string): PostalCodeRow | null {
  if (loaded === null) {
    const source = 'data/gazetteer/es-postal-codes.tsv.gz';
    const lines = gunzipSync(readFileSync(projectFile(source))).toString('utf8').split('\n');
    // The first line names the columns; the last is empty (the file ends with a newline).
    loaded = new Map(lines.slice(1).flatMap((line, index) => (line === '' ? [] : [parsePostalRow(line, index + 2, source)])).map((row) => [row.postalCode, row]));
  }
  return loaded.get(postalCode) ?? null;
}
