// `lodging labels review|check|holdout` end to end: an import's unknown labels are kept, reviewed, accepted into a table.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inProcessCli } from '../../support/publication-kit.ts';

let dir: string;
let labelsDir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodging-labels-'));
  labelsDir = path.join(dir, 'labels');
  await fs.cp(path.resolve('data/labels'), labelsDir, { recursive: true });
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const run = inProcessCli(() => ({ LODGING_DATA_DIR: path.join(dir, 'data') }));

const listing = (id: string, categories: string[]) =>
  JSON.stringify({ providerId: id, name: `Casa ${id}`, address: { city: 'Sevilla' }, phone: '954 21 11 12', categories });

describe('lodging labels review', () => {
  it('keeps unknown labels across imports with counts and examples, suggests a key, and accepts one into its table', async () => {
    const file = path.join(dir, 'es.jsonl');
    await fs.writeFile(file, `${[listing('a', ['Ecohotel']), listing('b', ['Hotel', 'Ecohotel']), listing('c', ['Escape room'])].join('\n')}\n`);
    expect((await run(['import', '--country', 'es', file])).code).toBe(0);
    expect((await run(['import', '--country', 'es', file])).code).toBe(0);

    const json = await run(['labels', 'review', '--country', 'es', '--json']);
    const items = JSON.parse(json.stdout) as { label: string; count: number; totalCount: number; runs: number; suggestion: { key: string | null }; examples: { id: string; line: number }[] }[];
    expect(items.map((item) => [item.label, item.count, item.totalCount, item.runs, item.suggestion.key])).toEqual([
      ['Ecohotel', 2, 4, 2, null],
      ['Escape room', 1, 2, 2, null],
    ]);
    expect(items[0]!.examples.map((example) => [example.id, example.line])).toEqual([['es-a', 1], ['es-b', 2]]);
    expect((await run(['labels', 'review', '--country', 'fr'])).stdout).toContain('No unknown labels');
    expect((await run(['labels', 'review'])).stdout).toMatch(/"Ecohotel"\s+es\s+2 listing\(s\).*no suggestion[\s\S]*es-a\s+Casa a\s+\S*es\.jsonl:1/);

    const before = (await fs.readFile(path.join(labelsDir, 'es.json'), 'utf8')).split('\n');
    const accepted = await run(['labels', 'review', '--accept', 'Ecohotel=hotel', '--labels-dir', labelsDir]);
    expect(accepted.code, accepted.stderr).toBe(0);
    const text = await fs.readFile(path.join(labelsDir, 'es.json'), 'utf8');
    const table = JSON.parse(text) as { exact: Record<string, unknown[]> };
    expect(table.exact.hotel).toContain('Ecohotel');
    // The line printed is the line the file gained; the file keeps the committed formatting (one line added, one comma).
    const lineNumber = Number(/line (\d+), exact\.hotel: "Ecohotel"/.exec(accepted.stdout)?.[1]);
    const after = text.split('\n');
    expect(after[lineNumber - 1]!.trim()).toBe('"Ecohotel"');
    expect(after.length).toBe(before.length + 1);
    expect(text).toBe(`${JSON.stringify(table, null, 2)}\n`);
    expect(after.filter((line, i) => line !== before[i] && i < lineNumber - 2)).toEqual([]);
    expect(accepted.stdout).toContain('It applies from the next import.');
    const left = JSON.parse((await run(['labels', 'review', '--json'])).stdout) as { label: string }[];
    expect(left.map((item) => item.label)).toEqual(['Escape room']);
    expect((await run(['labels', 'check', '--labels-dir', labelsDir])).code).toBe(0);
  });

  it('refuses an unknown key, a label that conflicts with the table, and a label no import met without --lang', async () => {
    const badKey = await run(['labels', 'review', '--accept', 'Yurta=tent', '--lang', 'es', '--labels-dir', labelsDir]);
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toMatch(/unknown key "tent"/);
    const conflict = await run(['labels', 'review', '--accept', 'Hoteles=hostel', '--lang', 'es', '--labels-dir', labelsDir]);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(/not written: .*folds to the same form as .*"Hotel".*\(hotel\)|not written: .*"Hoteles" \(hostel\)/);
    const noLang = await run(['labels', 'review', '--accept', 'Yurta=campsite', '--labels-dir', labelsDir]);
    expect(noLang.code).toBe(1);
    expect(noLang.stderr).toMatch(/--lang/);
    const written = await run(['labels', 'review', '--accept', 'Yurta=campsite', '--lang', 'es', '--labels-dir', labelsDir]);
    expect(written.code, written.stderr).toBe(0);
  });
});

describe('lodging labels check and holdout', () => {
  it('passes on the committed tables', async () => {
    const result = await run(['labels', 'check']);
    expect(result.code, result.stderr).toBe(0);
  });

  it('fails naming a duplicate and a cross-table conflict', async () => {
    const file = path.join(labelsDir, 'en.json');
    const table = JSON.parse(await fs.readFile(file, 'utf8')) as { exact: Record<string, unknown[]> };
    table.exact.hotel!.push('Hotels', 'Hostal');
    await fs.writeFile(file, JSON.stringify(table));
    const result = await run(['labels', 'check', '--labels-dir', labelsDir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/duplicate: .*en\.json: exact\.hotel "Hotels" folds to the same form as exact\.hotel "Hotel"/);
    expect(result.stderr).toMatch(/conflict: .*"Hostal" \((hotel|guesthouse)\) folds to the same form as .*"Hostal" \((hotel|guesthouse)\)/);
  });

  it('prints the held-out accuracy per language, at least 97% in each', async () => {
    const result = await run(['labels', 'holdout', '--json']);
    const figures = JSON.parse(result.stdout) as { language: string; heldOut: number; accuracy: number }[];
    expect(figures.map((figure) => figure.language)).toEqual(['es', 'en', 'fr', 'pt']);
    for (const figure of figures) {
      expect(figure.heldOut, figure.language).toBeGreaterThan(20);
      expect(figure.accuracy, figure.language).toBeGreaterThanOrEqual(0.97);
    }
  });
});
