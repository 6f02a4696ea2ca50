// The kept-places field counts: read from the sealed fills and the places that differ, they equal a full join of every kept place.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureKeptFieldFill } from '../../../pipeline/snapshot/kept-field-fill.ts';
import { readFieldFill } from '../../../pipeline/snapshot/field-fill.ts';
import { readPointer } from '../../../pipeline/snapshot/snapshot-pointer.ts';
import { snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { hotel, lodging, writeLines } from '../../support/publication-kit.ts';

let dir: string;
let before: string;
let after: string;

/** Served now: a–f. The candidate: a as it was, b without its phone, c without its website, d and e gone, g and h new (h without a phone). */
const site = (id: string) => ({ website: `https://www.hotel${id}sevilla.es/` });
const NOW = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => hotel(id, site(id)));
const NEXT = [
  hotel('a', site('a')),
  hotel('b', { ...site('b'), phone: null }),
  hotel('c'),
  hotel('f', { ...site('f'), name: 'Hotel f renamed' }),
  hotel('g', site('g')),
  hotel('h', { ...site('h'), phone: null }),
];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kept-fill-'));
  const publish = async (name: string, lines: string[]) => {
    const result = await lodging(dir, ['import', '--country', 'es', '--force', '--reason', 'test', writeLines(dir, name, lines)]);
    expect(result.code, result.stderr).toBe(0);
    return snapshotPath(dir, 'es', readPointer(dir, 'es')!.version);
  };
  before = await publish('now.jsonl', NOW);
  after = await publish('next.jsonl', NEXT);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('measureKeptFieldFill', () => {
  it('counts the kept places, the new ones and the fields the kept ones lost', () => {
    const fill = measureKeptFieldFill(after, before);
    expect({ kept: fill.kept, newPlaces: fill.newPlaces }).toEqual({ kept: 4, newPlaces: 2 });
    expect(fill.fields.find((f) => f.field === 'phone')).toEqual({ field: 'phone', before: 4, after: 3, lost: 1, newFilled: 1 });
    expect(fill.fields.find((f) => f.field === 'website')).toEqual({ field: 'website', before: 4, after: 3, lost: 1, newFilled: 2 });
    expect(fill.fields.find((f) => f.field === 'name')!.lost).toBe(0);
  });

  it('gives the same counts from the sealed fills and the changed places as from the full join', () => {
    const sealed = measureKeptFieldFill(after, before, { candidate: readFieldFill(after), current: readFieldFill(before) });
    expect(sealed).toEqual(measureKeptFieldFill(after, before));
  });
});
