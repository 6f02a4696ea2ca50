// Writes the GeoParquet export a row group at a time: places in Hilbert order of their point (placeless ones last), typed columns, WKB geometry.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Table } from 'apache-arrow';
import type { RecordBatch } from 'parquet-wasm';
import { geoParquetMetadata, type Bbox } from './geoparquet-metadata.ts';

/** Rows per row group: a few thousand neighbouring places, so a reader can skip the groups a bbox misses. */
export const ROW_GROUP_SIZE = 10_000;

type ParquetWasm = typeof import('parquet-wasm');
let parquetWasm: Promise<ParquetWasm> | null = null;
/**
 * The writer, loaded on the first file written: its WebAssembly module and memory (some 18 MB of RSS) stay out of the
 * processes that never write one, the API's among them (it loads this module through the pipeline's index).
 */
const loadParquetWasm = (): Promise<ParquetWasm> => (parquetWasm ??= import('parquet-wasm'));
/** Apache Arrow (some 3 MB of heap), loaded on the first row group given as a table: a serving process never needs it. */
let arrow: Promise<typeof import('apache-arrow')> | null = null;
const ipcStreamOf = async (group: RowGroup): Promise<Uint8Array> =>
  group instanceof Uint8Array ? group : (await (arrow ??= import('apache-arrow'))).tableToIPC(group, 'stream');

/** The writer's settings; the "geo" metadata carries the bbox of every point in the file, known before the first row. */
function writerProperties({ Compression, WriterPropertiesBuilder }: ParquetWasm, box: Bbox | null, rowGroupSize: number) {
  return new WriterPropertiesBuilder()
    .setCompression(Compression.SNAPPY)
    .setMaxRowGroupSize(rowGroupSize)
    .setCreatedBy('lodging-directory exports')
    .setKeyValueMetadata(new Map([['geo', geoParquetMetadata(box)]]))
    .build();
}

/** A row group: an Arrow JS table, or its Arrow IPC stream bytes (as a worker thread makes them). */
export type RowGroup = Table | Uint8Array;

/** A row group's record batches in the writer's WebAssembly memory. */
function wasmBatchesOf({ Table: ParquetTable }: ParquetWasm, ipcStream: Uint8Array): RecordBatch[] {
  const inWasm = ParquetTable.fromIPCStream(ipcStream);
  try {
    return inWasm.recordBatches();
  } finally {
    inWasm.free();
  }
}

/**
 * Writes the GeoParquet file from row groups (`rowGroupSize` rows each but the last, in file order; at least one,
 * empty for an empty file): each is taken only when the writer asks for more, and the writer's bytes
 * go to the file as they come, so memory holds about one row group whatever the file's size. Returns its size and
 * SHA-256 (hex).
 */
export async function writeGeoParquet(
  file: string,
  rowGroups: Iterable<RowGroup> | AsyncIterable<RowGroup>,
  box: Bbox | null,
  rowGroupSize = ROW_GROUP_SIZE,
): Promise<{ bytes: number; sha256: string }> {
  const wasm = await loadParquetWasm();
  const groups = Symbol.asyncIterator in rowGroups ? rowGroups[Symbol.asyncIterator]() : rowGroups[Symbol.iterator]();
  const batches = new ReadableStream<RecordBatch>(
    {
      async pull(controller) {
        // The writer's steps are all promise callbacks: yielding here lets I/O and the thread pool's completions (the
        // JSON Lines' gzip pieces) through between row groups.
        await new Promise((resolve) => setImmediate(resolve));
        const next = await groups.next();
        if (next.done) controller.close();
        else for (const batch of wasmBatchesOf(wasm, await ipcStreamOf(next.value))) controller.enqueue(batch);
      },
      async cancel() {
        await groups.return?.();
      },
    },
    { highWaterMark: 0 },
  );
  const output = (await wasm.transformParquetStream(batches, writerProperties(wasm, box, rowGroupSize))) as ReadableStream<Uint8Array>;
  const hash = createHash('sha256');
  let bytes = 0;
  const fd = fs.openSync(file, 'w');
  try {
    for await (const chunk of output) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      fs.writeSync(fd, chunk);
    }
  } finally {
    fs.closeSync(fd);
  }
  return { bytes, sha256: hash.digest('hex') };
}
