// Defects 2 and 3: a deeply nested line, an over-long line and over-long fields each cost one reported line, never the import.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_BOUNDS, MAX_LINE_BYTES, MAX_NESTING_DEPTH } from '../../model/limits.ts';
import { importFiles } from '../../pipeline/jobs/import-files.ts';
import { openSnapshotReader } from '../../pipeline/snapshot/snapshot-reader.ts';
import { splitLines } from '../../pipeline/sources/read-export.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodging-hostile-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const good = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Madrid', countryCode: 'ES' }, categories: ['Hotel'], ...extra });

const nested = (depth: number, leaf = '"x"') => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
const nestedArray = (depth: number) => '['.repeat(depth) + '"x"' + ']'.repeat(depth);

async function importLines(name: string, lines: string[]) {
  const file = path.join(dir, `${name}.jsonl`);
  await fs.writeFile(file, lines.join('\n') + '\n');
  const dataDir = path.join(dir, `${name}-data`);
  const { report } = await importFiles({ country: 'es', files: [file], dataDir }, { threads: 0 });
  return { report, dataDir };
}

describe('a line nested thousands of levels deep', () => {
  it.each(['name', 'categories', 'phones', 'openingHours'])('in %s is one rejected line; the rest imports', async (field) => {
    const value = field === 'categories' || field === 'phones' ? nestedArray(20_000) : nested(20_000);
    const { report, dataDir } = await importLines(`deep-${field}`, [good('a'), `{"providerId":"x","${field}":${value}}`, good('b')]);
    expect(report.badLines).toBe(1);
    expect(report.samples.badLines).toEqual([expect.objectContaining({ line: 2, reason: 'too-deeply-nested' })]);
    const reader = openSnapshotReader(dataDir);
    expect(reader.searchRows({ country: 'es', limit: 10 }).rows.map((r) => r.id)).toEqual(['es-a', 'es-b']);
    reader.close();
  });

  it(`accepts nesting up to ${MAX_NESTING_DEPTH} levels (the bound), rejects one more`, async () => {
    const { report } = await importLines('depth-bound', [
      `{"providerId":"ok","name":"Hotel","extra":${nested(MAX_NESTING_DEPTH - 1)}}`,
      `{"providerId":"no","name":"Hotel","extra":${nested(MAX_NESTING_DEPTH)}}`,
    ]);
    expect(report.samples.badLines.map((s) => [s.line, s.reason])).toEqual([[2, 'too-deeply-nested']]);
  });
});

describe('unbounded sizes', () => {
  it('a line over the maximum is rejected as line-too-long with its number; the next line imports', async () => {
    const huge = good('big', { name: 'x'.repeat(MAX_LINE_BYTES + 10) });
    const { report, dataDir } = await importLines('long-line', [good('a'), huge, good('b')]);
    expect(report.samples.badLines).toEqual([expect.objectContaining({ line: 2, reason: 'line-too-long' })]);
    const reader = openSnapshotReader(dataDir);
    expect(reader.searchRows({ country: 'es', limit: 10 }).rows.map((r) => r.id)).toEqual(['es-a', 'es-b']);
    reader.close();
  });

  it('the reader streams past a long line: it yields its length and first bytes, never the line', async () => {
    const mib = Buffer.alloc(1 << 20, 0x78);
    async function* chunks() {
      yield Buffer.from('{"a":1}\n{"name":"');
      for (let i = 0; i < 64; i += 1) yield mib; // a 64 MiB line
      yield Buffer.from('"}\r\n{"b":2}');
    }
    const lines = [];
    for await (const line of splitLines(chunks(), 1000)) lines.push(line);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({ text: '{"a":1}' });
    expect(lines[1]).toMatchObject({ tooLongBytes: 64 * (1 << 20) + 12 });
    expect((lines[1] as { head: string }).head.startsWith('{"name":"xxx')).toBe(true);
    expect(lines[2]).toEqual({ text: '{"b":2}' });
  });

  it.each([
    ['name', { name: 'n'.repeat(201) }, 'field-too-long: name'],
    ['legalName', { legalName: 'n'.repeat(201) }, 'field-too-long: legalName'],
    ['a label', { categories: ['Hotel', 'l'.repeat(101)] }, 'field-too-long: categories'],
    ['too many labels', { categories: Array.from({ length: 501 }, (_, i) => `L${i}`) }, 'field-too-long: categories'],
    ['a street', { address: { street: 's'.repeat(201), city: 'Madrid' } }, 'field-too-long: address.street'],
    ['providerId', { providerId: 'p'.repeat(501) }, 'field-too-long: providerId'],
  ])('a listing with %s over its bound is rejected, naming the field', async (label, extra, reason) => {
    const { report } = await importLines(`field-${label.replace(/ /g, '-')}`, [good('a'), good('x', extra)]);
    expect(report.samples.badLines).toEqual([expect.objectContaining({ line: 2, reason })]);
  });

  it('fields at their bound are published as they are', async () => {
    const { report, dataDir } = await importLines('at-bound', [good('a', { name: 'n'.repeat(200), categories: ['l'.repeat(100)] })]);
    expect(report.badLines).toBe(0);
    const reader = openSnapshotReader(dataDir);
    expect(JSON.parse(reader.getPlaceJson('es-a')!).name).toBe('n'.repeat(200));
    reader.close();
  });

  it.each([
    ['website', { website: `https://example.es/${'a'.repeat(3000)}` }, 'website/too-long'],
    ['email', { email: `${'a'.repeat(300)}@example.es` }, 'email/too-long'],
    ['a phone', { phones: ['+34 600 000 000', '9'.repeat(500)] }, 'phone/too-long'],
  ])('an over-long optional %s is dropped with a counted issue; the listing publishes', async (label, extra, key) => {
    const { report } = await importLines(`drop-${label.replace(/ /g, '-')}`, [good('a', extra)]);
    expect(report.badLines).toBe(0);
    expect(report.byStatus.published).toBe(1);
    expect(report.issues[key]).toBe(1);
  });

  it('every bound lives in the one table', () => {
    for (const field of ['name', 'legalName', 'categories', 'categories[]', 'website', 'mapsUrl', 'email']) {
      expect(FIELD_BOUNDS.some((b) => b.field === field)).toBe(true);
    }
  });
});
