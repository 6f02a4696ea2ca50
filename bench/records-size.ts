// `npm run bench:records`: a generated import's served snapshot and records file, plain and as stored (brotli, at the NATS stores' qualities), per 1M listings, with the import's time split.
// Env: BENCH_SIZE (200000), BENCH_SEED (1). Argument: a data directory to measure (an import already done there) instead of importing.
import fs from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { ensureBenchExport } from './support/bench-files.ts';
import { importWithCli } from './support/cli-import.ts';
import { RECORDS_BROTLI_QUALITY, SNAPSHOT_BROTLI_QUALITY } from '../pipeline/distribution/compressed-stream.ts';

const COUNTRY = 'es';
const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const log = (text: string) => process.stderr.write(`${text}\n`);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Bytes of the file as the object store keeps it: brotli at the NATS stores' quality for such a file. */
async function brotliBytes(file: string, quality: number): Promise<number> {
  let bytes = 0;
  const size = fs.statSync(file).size;
  const brotli = zlib.createBrotliCompress({
    chunkSize: 1 << 20,
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
  });
  const count = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  await pipeline(fs.createReadStream(file), brotli, count);
  return bytes;
}

async function sizes(file: string | null, quality: number) {
  if (file === null || !fs.existsSync(file)) return { bytes: 0, brotliBytes: 0 };
  return { bytes: fs.statSync(file).size, brotliBytes: await brotliBytes(file, quality) };
}

/** The records an import stored (its records file, or the served file of a layout that kept them inside). */
function countListings(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT count(*) FROM listings').pluck().get() as number;
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const given = process.argv[2];
  const size = Number(process.env.BENCH_SIZE ?? 200_000);
  const dataDir = given ? path.resolve(given) : path.join(tmpdir(), `lodging-records-bench-${size}-${process.pid}`);
  let importFigures = null;
  if (!given) {
    const file = await ensureBenchExport(outDir, COUNTRY, size, Number(process.env.BENCH_SEED ?? 1), log);
    fs.rmSync(dataDir, { recursive: true, force: true });
    log(`importing ${path.basename(file)} into ${dataDir}…`);
    importFigures = await importWithCli(file, dataDir, COUNTRY);
  }
  const pointer = JSON.parse(fs.readFileSync(path.join(dataDir, 'snapshots', COUNTRY, 'current.json'), 'utf8')) as { file: string; publishedCount: number };
  const served = path.join(dataDir, 'snapshots', pointer.file);
  const records = served.replace(/\.sqlite$/, '.records.sqlite');
  const listings = importFigures?.listings ?? countListings(fs.existsSync(records) ? records : served);
  const [servedSize, recordsSize] = [await sizes(served, SNAPSHOT_BROTLI_QUALITY), await sizes(fs.existsSync(records) ? records : null, RECORDS_BROTLI_QUALITY)];
  const perMillion = (bytes: number) => (listings ? Math.round((bytes * 1e6) / listings) : null);
  const result = {
    date: new Date().toISOString(),
    load: loadavg()[0] ?? 0,
    listings,
    placesServed: pointer.publishedCount,
    served: servedSize,
    records: { ...recordsSize, ...(fs.existsSync(records) ? {} : { note: 'no records file: the records are inside the served file' }) },
    recordsPerMillionListings: { bytes: perMillion(recordsSize.bytes), brotliBytes: perMillion(recordsSize.brotliBytes) },
    import: importFigures && { wallMs: importFigures.wallMs, readWriteMs: importFigures.readWriteMs, publishMs: importFigures.publishMs, cpuMs: importFigures.cpuMs, peakRssBytes: importFigures.peakRssSampledBytes },
  };
  log(
    `served ${mb(servedSize.bytes)} (${mb(servedSize.brotliBytes)} brotli), records ${mb(recordsSize.bytes)} (${mb(recordsSize.brotliBytes)} brotli)` +
      (importFigures ? `; import ${(importFigures.wallMs / 1000).toFixed(1)} s wall (write ${(importFigures.readWriteMs / 1000).toFixed(1)} s, publish ${(importFigures.publishMs / 1000).toFixed(1)} s), ${((importFigures.cpuMs ?? 0) / 1000).toFixed(1)} s CPU` : '') +
      `; load ${result.load.toFixed(1)}`,
  );
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
