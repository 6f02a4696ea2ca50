// The highest signed sequence this data directory acted on per country (`<country dir>/shared-sequence.json`): an older record is never followed, restarts included.
import fs from 'node:fs';
import path from 'node:path';
import type { CountryCode } from '../../model/place.ts';
import { countryDir } from '../snapshot/snapshot-paths.ts';

const fileOf = (dataDir: string, country: CountryCode) => path.join(countryDir(dataDir, country), 'shared-sequence.json');

/** 0 when this directory never acted on a signed record of the country (or the file is unreadable: the next record sets it). */
export function actedSequence(dataDir: string, country: CountryCode): number {
  try {
    const { sequence } = JSON.parse(fs.readFileSync(fileOf(dataDir, country), 'utf8')) as { sequence?: unknown };
    return typeof sequence === 'number' && Number.isSafeInteger(sequence) && sequence > 0 ? sequence : 0;
  } catch {
    return 0;
  }
}

/** Raises the acted sequence (never lowers it); written whole through a temporary file. */
export function rememberActedSequence(dataDir: string, country: CountryCode, sequence: number): void {
  if (sequence <= actedSequence(dataDir, country)) return;
  const file = fileOf(dataDir, country);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify({ sequence })}\n`);
  fs.renameSync(temp, file);
}
