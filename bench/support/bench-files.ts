// The benchmark's generated exports under bench/out/: written once, reused while size, seed and generator match.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { generateListingLines } from '../../pipeline/generate/generate-listings.ts';
import { writeGeneratedExport } from '../../pipeline/generate/write-generated-export.ts';
import type { CountryCode } from '../../model/place.ts';

interface ExportStamp {
  country: CountryCode;
  count: number;
  seed: number;
  bytes: number;
  /** Hash of the first generated lines: a changed generator makes old files stale. */
  fingerprint: string;
}

function fingerprint(country: CountryCode, seed: number): string {
  const hash = createHash('sha256');
  for (const line of generateListingLines({ country, count: 500, seed })) hash.update(line).update('\n');
  return hash.digest('hex').slice(0, 16);
}

async function readStamp(file: string): Promise<ExportStamp | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as ExportStamp;
  } catch {
    return null;
  }
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await fs.stat(file)).size;
  } catch {
    return null;
  }
}

/** Path of the export for this size and seed, generated unless an identical one is already there. */
export async function ensureBenchExport(
  outDir: string,
  country: CountryCode,
  count: number,
  seed: number,
  log: (text: string) => void,
): Promise<string> {
  await fs.mkdir(outDir, { recursive: true });
  const file = path.join(outDir, `${country}-${count}-seed${seed}.jsonl`);
  const stampFile = `${file}.stamp.json`;
  const expected = fingerprint(country, seed);
  const stamp = await readStamp(stampFile);
  const size = await sizeOf(file);
  if (stamp && stamp.count === count && stamp.seed === seed && stamp.fingerprint === expected && stamp.bytes === size) {
    log(`reusing ${path.relative(process.cwd(), file)} (${count} listings, seed ${seed})`);
    return file;
  }
  log(`generating ${path.relative(process.cwd(), file)} (${count} listings, seed ${seed})…`);
  const started = performance.now();
  const written = await writeGeneratedExport(file, { country, count, seed });
  const next: ExportStamp = { country, count, seed, bytes: written.bytes, fingerprint: expected };
  await fs.writeFile(stampFile, `${JSON.stringify(next)}\n`);
  log(`  ${written.lines} lines, ${(written.bytes / 1e6).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return file;
}
