// Where the label tables come from: the committed data/labels by default (named from the project root), or LODGING_LABELS_DIR.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LABELS_DIR } from '../../../platform/environment.ts';

type Module = typeof import('../../../pipeline/normalise/bundled-label-tables.ts');

async function loadWith(labelsDir: string | undefined): Promise<Module> {
  vi.resetModules();
  if (labelsDir === undefined) delete process.env.LODGING_LABELS_DIR;
  else process.env.LODGING_LABELS_DIR = labelsDir;
  return import('../../../pipeline/normalise/bundled-label-tables.ts');
}

const saved = process.env.LODGING_LABELS_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.LODGING_LABELS_DIR;
  else process.env.LODGING_LABELS_DIR = saved;
  vi.resetModules();
});

describe('bundled label tables', () => {
  it('reads the committed tables, one per language, named as data/labels/<lang>.json', async () => {
    const { rawLabelTables, labelTables } = await loadWith(undefined);
    expect(rawLabelTables().map((table) => [table.language, table.source])).toEqual([
      ['es', 'data/labels/es.json'],
      ['en', 'data/labels/en.json'],
      ['fr', 'data/labels/fr.json'],
      ['pt', 'data/labels/pt.json'],
    ]);
    expect(labelTables()).toHaveLength(4);
  });

  it('reads the tables of LODGING_LABELS_DIR when it is set, named by their full path', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'labels-'));
    try {
      cpSync(DEFAULT_LABELS_DIR, dir, { recursive: true });
      const { rawLabelTables } = await loadWith(dir);
      expect(rawLabelTables().map((table) => table.source)).toEqual(['es', 'en', 'fr', 'pt'].map((lang) => path.join(dir, `${lang}.json`)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads no file and no environment when it loads: a missing directory fails on first use, not on import', async () => {
    const missing = path.join(tmpdir(), 'no-such-labels-dir');
    const loaded = await loadWith(missing);
    process.env.LODGING_LABELS_DIR = DEFAULT_LABELS_DIR;
    expect(() => loaded.labelTables()).not.toThrow();
    vi.resetModules();
    const late = await loadWith(missing);
    expect(() => late.labelTables()).toThrow(/no-such-labels-dir/);
  });
});
