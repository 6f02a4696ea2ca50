// Cuts the export's lines into chunks, the unit of work of both runners: at most 1000 lines (50 on worker threads) and at most 4 Mi characters of text.
import type { ExportLine } from '../sources/read-export.ts';

/** Lines per chunk: large enough that posting a chunk costs little beside normalising it. */
export const CHUNK_MAX_LINES = 1000;
/**
 * Lines per chunk on the in-process runner's worker threads. A chunk's lines and its results so far are alive at each
 * of the worker's young-generation collections, which copy what is alive: 250 lines instead of 1000 left each
 * worker's heap ~20 MB smaller at the same CPU; 50 instead of 250 halved the workers' collection pauses and took ~9 %
 * off their CPU, while posting a chunk of 50 still costs little beside normalising it (docs/benchmarks.md,
 * "Decisions"). Jobs in Redis keep CHUNK_MAX_LINES, where each job costs a round trip.
 */
export const THREAD_CHUNK_MAX_LINES = 50;
/**
 * Characters of line text per chunk. A generated or real listing is ~500 characters, so this only cuts a chunk of
 * unusually long lines (up to MAX_LINE_BYTES each): it bounds what a worker thread or a Redis job holds at once,
 * whatever the lines' sizes, and so the workers' heaps.
 */
export const CHUNK_MAX_CHARS = 4 * 1024 * 1024;

export interface ChunkLimits {
  maxLines?: number;
  maxChars?: number;
}

export class LineChunker {
  private lines: ExportLine[] = [];
  private chars = 0;
  private readonly maxLines: number;
  private readonly maxChars: number;

  constructor(limits: ChunkLimits = {}) {
    this.maxLines = limits.maxLines ?? CHUNK_MAX_LINES;
    this.maxChars = limits.maxChars ?? CHUNK_MAX_CHARS;
  }

  /** Adds a line; returns the chunk it completes, if any (the line is its last). */
  push(line: ExportLine): ExportLine[] | null {
    this.lines.push(line);
    this.chars += line.text.length;
    return this.lines.length >= this.maxLines || this.chars >= this.maxChars ? this.take() : null;
  }

  /** The lines left once the export ends, if any. */
  rest(): ExportLine[] | null {
    return this.lines.length > 0 ? this.take() : null;
  }

  private take(): ExportLine[] {
    const chunk = this.lines;
    this.lines = [];
    this.chars = 0;
    return chunk;
  }
}
