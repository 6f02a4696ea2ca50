// The console's read-side use cases: a country at a glance, and what a rollback would change before it is done.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../bin/commands.ts';
import { countryOverview, previewRollback } from '../../../pipeline/publish/country-overview.ts';
import { listSnapshots } from '../../../pipeline/index.ts';
import { fileRunStore } from '../../../pipeline/runs/run-store.ts';

let dir: string;
const io = () => ({ stdout: () => undefined, stderr: () => undefined, env: { LODGING_DATA_DIR: path.join(dir, 'data'), LODGING_THREADS: '0' }, interactive: false });
const line = (id: string, over: Record<string, unknown> = {}) =>
  JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Sevilla' }, phone: '954 21 11 12', categories: ['Hotel'], ...over });

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lodging-overview-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function importLines(name: string, lines: string[]): Promise<number> {
  const file = path.join(dir, name);
  await writeFile(file, lines.length ? `${lines.join('\n')}\n` : '');
  return main(['import', '--country', 'es', file], io());
}

describe('countryOverview and previewRollback', () => {
  it('show the current snapshot with counts by status and lodgingType, the last run, held candidates, and a rollback diff', async () => {
    const data = path.join(dir, 'data');
    expect(await countryOverview(fileRunStore(data), data, 'es')).toMatchObject({ current: null, lastRun: null, held: [] });
    expect(await importLines('first.jsonl', [line('a'), line('b'), line('c', { categories: ['Camping'] })])).toBe(0);
    expect(await importLines('second.jsonl', [line('a'), line('b'), line('c', { categories: ['Camping'] }), line('d')])).toBe(0);
    expect(await importLines('empty.jsonl', [])).toBe(3);

    const o = await countryOverview(fileRunStore(data), data, 'es');
    expect(o.current).toMatchObject({ publishedCount: 4, sources: [expect.objectContaining({ name: 'second.jsonl' })] });
    expect(o.byStatus).toMatchObject({ published: 4 });
    expect(o.byLodgingType).toMatchObject({ hotel: 3, campsite: 1 });
    expect(o.lastRun?.outcome).toBe('refused');
    expect(o.held).toHaveLength(1);

    const before = listSnapshots(data, 'es');
    const preview = previewRollback(data, 'es');
    expect(preview.to.version).toBe(before[1]!.version);
    expect(preview.diff.removed.count).toBe(1);
    expect(preview.diff.removed.examples[0]!.id).toBe('es-d');
    expect(listSnapshots(data, 'es')).toEqual(before);
    expect(() => previewRollback(data, 'es', before[0]!.version)).toThrow(/already current/);
    expect(() => previewRollback(data, 'es', 'nope')).toThrow(/no kept snapshot/);
  }, 60_000);
});
