// The caps on what one import reads (decompressed bytes, lines, gzip ratio): past one, reading stops at once and the import fails.
import {
  COMPRESSION_RATIO_CHECKED_FROM_BYTES,
  DEFAULT_IMPORT_MAX_COMPRESSION_RATIO,
  DEFAULT_IMPORT_MAX_DECOMPRESSED_BYTES,
  DEFAULT_IMPORT_MAX_LINES,
} from '../../model/limits.ts';
import { ImportError } from './import-error.ts';

export interface ImportCaps {
  maxDecompressedBytes: number;
  maxLines: number;
  maxCompressionRatio: number;
}

export const DEFAULT_IMPORT_CAPS: ImportCaps = {
  maxDecompressedBytes: DEFAULT_IMPORT_MAX_DECOMPRESSED_BYTES,
  maxLines: DEFAULT_IMPORT_MAX_LINES,
  maxCompressionRatio: DEFAULT_IMPORT_MAX_COMPRESSION_RATIO,
};

const capError = (what: string, variable: string) =>
  new ImportError('import-cap', `${what} (${variable}); the import stopped reading and nothing was published`);

/** Counts what an import has read across its files; each method throws ImportError('import-cap') once a cap is passed. */
export class ImportCapGuard {
  private bytes = 0;
  private lines = 0;

  constructor(private readonly caps: ImportCaps = DEFAULT_IMPORT_CAPS) {}

  /** Decompressed bytes of one file so far and the compressed bytes read for them (null for a plain file). */
  addBytes(count: number, file: string, fileBytes: number, compressedBytes: number | null): void {
    this.bytes += count;
    if (this.bytes > this.caps.maxDecompressedBytes) {
      throw capError(`the export holds more than ${this.caps.maxDecompressedBytes} bytes once decompressed`, 'LODGING_IMPORT_MAX_DECOMPRESSED_BYTES');
    }
    if (compressedBytes !== null && fileBytes >= COMPRESSION_RATIO_CHECKED_FROM_BYTES) {
      const ratio = fileBytes / Math.max(1, compressedBytes);
      if (ratio > this.caps.maxCompressionRatio) {
        throw capError(
          `${file} decompresses to more than ${this.caps.maxCompressionRatio} times its size`,
          'LODGING_IMPORT_MAX_COMPRESSION_RATIO',
        );
      }
    }
  }

  addLine(): void {
    this.lines += 1;
    if (this.lines > this.caps.maxLines) {
      throw capError(`the export holds more than ${this.caps.maxLines} lines`, 'LODGING_IMPORT_MAX_LINES');
    }
  }
}
