// The removal check counts places served: a listing still published but merged into another place (same place) is a place the candidate takes away.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../pipeline/jobs/import-files.ts';
import { checkRemoval } from '../../../pipeline/publish/removal-check.ts';
import type { SnapshotInfo } from '../../../pipeline/snapshot/reader-types.ts';
import { FIRST, REPEAT } from '../../support/same-place-listings.ts';

/** REPEAT's id somewhere else under another name: no match with FIRST, so both are served. */
const APART = {
  ...REPEAT,
  name: 'Hotel Garrotxa',
  address: { street: 'Carrer Major 1', city: 'Girona', state: 'Girona', postalCode: '17001', countryCode: 'ES' },
  location: { lat: 41.9831, lng: 2.8249 },
  phone: '+34 972 20 20 20',
  website: 'www.hotelgarrotxa.example',
};

let dataDir: string;
let current: SnapshotInfo;
let candidate: { file: string; publishedCount: number };

async function importListings(name: string, listings: object[], candidateOnly: boolean) {
  const file = path.join(dataDir, `${name}.jsonl`);
  await writeFile(file, listings.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return importFiles({ country: 'es', files: [file], dataDir, candidateOnly }, { threads: 0 });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lodging-removal-same-place-'));
  current = (await importListings('current', [FIRST, APART], false)).report.snapshot!;
  const held = await importListings('candidate', [FIRST, REPEAT], true);
  candidate = held.candidate!;
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the removal check of a candidate that merges two places served now', () => {
  it('counts the merged listing as a place taken away', () => {
    expect(current.publishedCount).toBe(2);
    expect(candidate.publishedCount).toBe(1);
    const check = checkRemoval(dataDir, 'es', candidate);
    expect(check).toMatchObject({ current: 2, remaining: 1, removed: 1 });
    expect(check.current - check.removed).toBe(check.remaining);
  });
});
