// Streams provider export files (.jsonl, plain or gzip) as numbered lines, with byte progress: memory stays flat, even past a 1 GB line.
import { createReadStream, promises as fs } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { LINE_EXCERPT_BYTES, MAX_LINE_BYTES } from '../../model/limits.ts';
import { ImportError } from './import-error.ts';
import { ImportCapGuard, type ImportCaps } from './import-caps.ts';
import type { SourceRef } from '../normalise/normalised-listing.ts';

export interface ExportLine {
  source: SourceRef;
  /** The line, decoded; for a rejected line, only its first bytes (invalid UTF-8 shown as U+FFFD). */
  text: string;
  /** Set when the reader itself refused the line (`line-too-long`): it was skipped, never held whole. */
  rejected?: { reason: string; detail: string };
}

export interface ReadOptions {
  /** Bytes a line may hold (default MAX_LINE_BYTES). */
  maxLineBytes?: number;
  /** What the import may read in all (default DEFAULT_IMPORT_CAPS): past a cap, reading stops with ImportError('import-cap'). */
  caps?: ImportCaps;
}

type SplitLine = { text: string } | { tooLongBytes: number; head: string } | { invalidUtf8: string };

/** Decodes strictly: a line that is not UTF-8 is rejected rather than published with U+FFFD in its names. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Splits a byte stream on "\n" (a trailing "\r" is dropped). A line over maxBytes is not accumulated: its
 * first bytes are kept for the report and the rest is counted while the reader streams past it.
 */
export async function* splitLines(input: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<SplitLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let skipped = -1; // bytes of the current line seen while skipping it; -1 when not skipping
  let head = '';
  const finish = (): SplitLine => {
    let line: SplitLine;
    if (skipped >= 0) line = { tooLongBytes: skipped, head };
    else {
      const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
      const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
      try {
        line = { text: utf8.decode(bytes.subarray(0, end)) };
      } catch {
        line = { invalidUtf8: bytes.toString('utf8', 0, Math.min(end, LINE_EXCERPT_BYTES)) };
      }
    }
    parts = [];
    size = 0;
    skipped = -1;
    head = '';
    return line;
  };
  for await (const chunk of input) {
    let start = 0;
    while (start <= chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      const piece = chunk.subarray(start, end);
      if (skipped >= 0) skipped += piece.length;
      else if (size + piece.length > maxBytes) {
        head = Buffer.concat([...parts, piece.subarray(0, LINE_EXCERPT_BYTES)]).toString('utf8', 0, LINE_EXCERPT_BYTES);
        skipped = size + piece.length;
        parts = [];
        size = 0;
      } else if (piece.length > 0) {
        // A piece that ends the chunk is copied, so a long line does not pin every 1 MiB chunk it touches.
        parts.push(newline === -1 ? Buffer.from(piece) : piece);
        size += piece.length;
      }
      if (newline === -1) break;
      yield finish();
      start = newline + 1;
    }
  }
  if (size > 0 || skipped >= 0) yield finish();
}

export interface ReadProgress {
  bytesRead: number;
  bytesTotal: number;
}

/** Checks every file before anything is read, so an unreadable file fails the import before it starts. */
export async function statExportFiles(files: readonly string[]): Promise<number> {
  let total = 0;
  for (const file of files) {
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile()) throw new Error('not a regular file');
      await fs.access(file, fs.constants.R_OK);
      total += stat.size;
    } catch (error) {
      if (error instanceof ImportError) throw error;
      throw new ImportError('unreadable-file', `cannot read ${file}: ${(error as Error).message}`);
    }
  }
  return total;
}

async function isGzip(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/**
 * Yields every non-blank line of the files in order, 1-based line numbers per file.
 * Gzip is recognised by its magic bytes, whatever the file is called.
 */
export async function* readExportLines(
  files: readonly string[],
  onBytes?: (progress: ReadProgress) => void,
  options: ReadOptions = {},
): AsyncGenerator<ExportLine> {
  const maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
  const guard = new ImportCapGuard(options.caps);
  const bytesTotal = await statExportFiles(files);
  let bytesBefore = 0;
  for (const [fileIndex, file] of files.entries()) {
    let gzip: boolean;
    try {
      gzip = await isGzip(file);
    } catch (error) {
      if (error instanceof ImportError) throw error;
      throw new ImportError('unreadable-file', `cannot read ${file}: ${(error as Error).message}`);
    }
    // No await between creating the streams and listening to them: an early error is never unhandled.
    // Gzip is read in small pieces, so the compressed bytes read track what was decompressed (the ratio cap judges both).
    const raw = createReadStream(file, { highWaterMark: gzip ? 1 << 14 : 1 << 20 });
    const input: Readable = gzip ? pipeline(raw, createGunzip(), () => {}) : raw;
    let line = 0;
    let fileBytes = 0;
    async function* counted(): AsyncGenerator<Buffer> {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        fileBytes += chunk.length;
        guard.addBytes(chunk.length, file, fileBytes, gzip ? raw.bytesRead : null);
        yield chunk;
      }
    }
    try {
      for await (const split of splitLines(counted(), maxLineBytes)) {
        line += 1;
        guard.addLine();
        if (line % 4096 === 0) onBytes?.({ bytesRead: bytesBefore + raw.bytesRead, bytesTotal });
        const source = { file, fileIndex, line };
        if ('invalidUtf8' in split) {
          yield { source, text: split.invalidUtf8, rejected: { reason: 'invalid-utf8', detail: 'the line is not valid UTF-8' } };
          continue;
        }
        if ('tooLongBytes' in split) {
          const detail = `the line holds ${split.tooLongBytes} bytes, at most ${maxLineBytes}`;
          yield { source, text: split.head, rejected: { reason: 'line-too-long', detail } };
          continue;
        }
        const trimmed = line === 1 ? split.text.replace(/^\uFEFF/, '') : split.text;
        if (trimmed.trim() === '') continue;
        yield { source, text: trimmed };
      }
    } catch (error) {
      if (error instanceof ImportError) throw error;
      throw new ImportError('unreadable-file', `cannot read ${file} at line ${line + 1}: ${(error as Error).message}`);
    } finally {
      raw.destroy();
      input.destroy();
    }
    bytesBefore += raw.bytesRead;
    onBytes?.({ bytesRead: bytesBefore, bytesTotal });
  }
}
