// The runners' chunking: 1000 lines, or fewer when their text passes the character bound, and the rest at the end.
import { describe, expect, it } from 'vitest';
import { CHUNK_MAX_CHARS, CHUNK_MAX_LINES, LineChunker } from '../../../pipeline/jobs/line-chunker.ts';
import type { ExportLine } from '../../../pipeline/sources/read-export.ts';

const line = (n: number, text = '{}'): ExportLine => ({ source: { file: 'x.jsonl', fileIndex: 0, line: n }, text });

function chunkAll(lines: ExportLine[], chunker: LineChunker): number[] {
  const sizes: number[] = [];
  for (const l of lines) {
    const chunk = chunker.push(l);
    if (chunk) sizes.push(chunk.length);
  }
  const rest = chunker.rest();
  if (rest) sizes.push(rest.length);
  return sizes;
}

describe('LineChunker', () => {
  it('cuts every CHUNK_MAX_LINES lines and hands over the rest, in order', () => {
    const lines = Array.from({ length: 2 * CHUNK_MAX_LINES + 5 }, (_, i) => line(i + 1));
    const chunker = new LineChunker();
    const seen: number[] = [];
    for (const l of lines) seen.push(...(chunker.push(l) ?? []).map((x) => x.source.line));
    seen.push(...(chunker.rest() ?? []).map((x) => x.source.line));
    expect(seen).toEqual(lines.map((l) => l.source.line));
    expect(chunkAll(lines, new LineChunker())).toEqual([CHUNK_MAX_LINES, CHUNK_MAX_LINES, 5]);
  });

  it('cuts early when the text reaches CHUNK_MAX_CHARS, so long lines never pile up in one chunk', () => {
    const long = 'x'.repeat(CHUNK_MAX_CHARS / 4);
    const lines = Array.from({ length: 10 }, (_, i) => line(i + 1, long));
    expect(chunkAll(lines, new LineChunker())).toEqual([4, 4, 2]);
  });

  it('takes its bounds as options, and has nothing left after an exact cut', () => {
    expect(chunkAll([line(1), line(2), line(3), line(4)], new LineChunker({ maxLines: 2 }))).toEqual([2, 2]);
    expect(chunkAll([line(1, 'abc'), line(2, 'de'), line(3, 'f')], new LineChunker({ maxChars: 5 }))).toEqual([2, 1]);
    expect(new LineChunker().rest()).toBeNull();
  });
});
