// Worker threads build the GeoParquet's row groups side by side: each answer is the IPC of that group's places, in the order asked; a failure says so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tableFromIPC, tableToIPC } from 'apache-arrow';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeArrowTable } from '../../../pipeline/exports/place-arrow-table.ts';
import { RowGroupEncoders, rowGroupThreadsFor } from '../../../pipeline/exports/row-group-encoders.ts';
import { placesByRowid } from '../../../pipeline/exports/snapshot-export-rows.ts';

const BASE = 'https://lodging.example.org';
const COUNT = 230;
let dir: string;
let file: string;
let db: Database.Database;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'row-group-encoders-'));
  file = path.join(dir, 'snapshot.sqlite');
  const writer = new Database(file);
  writer.exec('CREATE TABLE places (id TEXT NOT NULL, place_json TEXT NOT NULL)');
  const insert = writer.prepare('INSERT INTO places (id, place_json) VALUES (?, ?)');
  for (let i = 0; i < COUNT; i += 1) {
    const id = `es-${String(i).padStart(4, '0')}`;
    const place = { id, name: `Casa ${i} Ñ`, rating: i % 3 === 0 ? null : 4 + (i % 10) / 10, verified: i % 2 === 0, location: i % 7 === 0 ? null : { latitude: 40 + i / 1000, longitude: -3 - i / 1000 } };
    insert.run(id, JSON.stringify(place));
  }
  writer.close();
  db = new Database(file, { readonly: true });
}, 60_000);
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Rowids in a scattered order, cut into groups of `size`. */
function groupsOf(size: number): Float64Array[] {
  const rowids = Float64Array.from({ length: COUNT }, (_, i) => ((i * 37) % COUNT) + 1);
  const groups: Float64Array[] = [];
  for (let start = 0; start < COUNT; start += size) groups.push(rowids.subarray(start, start + size));
  return groups;
}

describe('rowGroupThreadsFor', () => {
  it('leaves the writing thread its core: one worker on 1 or 2 cores, a core less than there are up to 4', () => {
    expect([1, 2, 3, 4, 5, 8, 64].map(rowGroupThreadsFor)).toEqual([1, 1, 2, 3, 4, 4, 4]);
  });
});

describe('RowGroupEncoders', () => {
  it('answers each group with the IPC of its places in the order given, whichever thread built it', async () => {
    const encoders = new RowGroupEncoders({ file, publicUrl: BASE }, 2);
    try {
      const groups = groupsOf(40);
      const answers = await Promise.all(groups.map((rowids) => encoders.encode(rowids)));
      answers.forEach((ipc, i) => {
        const expected = tableToIPC(placeArrowTable(placesByRowid(db, groups[i]!, BASE)), 'stream');
        expect(Buffer.from(ipc).equals(Buffer.from(expected))).toBe(true);
      });
      const first = tableFromIPC(answers[0]!);
      expect(first.getChild('id')!.toArray()).toEqual(Array.from(groups[0]!, (rowid) => `es-${String(rowid - 1).padStart(4, '0')}`));
      expect(first.getChild('profileUrl')!.get(0)).toBe(`${BASE}/places/es-0000`);
      expect(encoders.ahead).toBe(4);
    } finally {
      await encoders.close();
    }
  }, 60_000);

  it('fails with a line naming the worker thread when the snapshot cannot be read, and every waiting group fails', async () => {
    const encoders = new RowGroupEncoders({ file: path.join(dir, 'missing.sqlite'), publicUrl: BASE }, 1);
    try {
      const waiting = [encoders.encode(groupsOf(40)[0]!), encoders.encode(groupsOf(40)[1]!)];
      for (const answer of waiting) await expect(answer).rejects.toThrow(/export worker thread/);
      await expect(encoders.encode(groupsOf(40)[2]!)).rejects.toThrow(/export worker thread/);
    } finally {
      await encoders.close();
    }
  }, 60_000);

  it('refuses work once closed', async () => {
    const encoders = new RowGroupEncoders({ file, publicUrl: BASE }, 1);
    await encoders.close();
    await expect(encoders.encode(groupsOf(40)[0]!)).rejects.toThrow(/closed/);
  });
});
