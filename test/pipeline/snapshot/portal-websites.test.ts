// An import's shared portal hosts, end to end on a real snapshot file: the portal's pages leave the served places, are recorded as issues and counted in the report; own sites and operators' sites stay.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../pipeline/jobs/import-files.ts';
import { openSnapshotRecords } from '../../../pipeline/snapshot/records-file.ts';
import { snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import type { ImportReport } from '../../../pipeline/report/import-report.ts';
import { servedPlaceJson } from '../../../model/served-place-text.ts';
import { placeContentHash } from '../../../pipeline/snapshot/place-hash.ts';

const listing = (providerId: string, name: string, website: string, lat: number, phone: string) => ({
  providerId,
  name,
  address: { street: 'Calle Real, 3', city: 'Arico', state: 'Santa Cruz de Tenerife', postalCode: '38580', countryCode: 'ES' },
  location: { lat, lng: -16.48 },
  phone,
  website,
  categories: ['Casa rural'],
});

const LISTINGS = [
  listing('cango', 'Cango (El)', 'http://www.tenerifeturismorural.com', 28.17, '922 16 12 17'),
  listing('lola', 'Mama Lola', 'http://www.tenerifeturismorural.com/mama-lola', 28.18, '922 16 12 17'),
  listing('torpes', 'Campigir São Torpes', 'www.campigir.com', 28.19, '922 16 12 18'),
  listing('meco', 'Campimeco by Campigir', 'www.campigir.com', 28.2, '922 16 12 19'),
  listing('valbom', 'Parque de Campismo Valbom', 'www.campigir.com/valbom', 28.21, '922 16 12 20'),
  listing('teidemar', 'Teidemar', 'www.coral-hotels.com', 28.22, '922 16 12 21'),
  listing('bonanza', 'Bonanza', 'www.coral-hotels.com', 28.23, '922 16 12 22'),
];

let dataDir: string;
let report: ImportReport;
let served: Map<string, { website: string | null }>;
let issues: Map<string, { code: string; value?: string; group?: string }[]>;
let fill: { published: number; filled: Record<string, number>; issues: Record<string, number> };
let hashes: Map<string, { hash: string; ofServed: string }>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lodging-portal-hosts-'));
  const file = path.join(dataDir, 'tenerife.jsonl');
  await writeFile(file, LISTINGS.map((l) => JSON.stringify(l)).join('\n') + '\n');
  ({ report } = await importFiles({ country: 'es', files: [file], dataDir }, { threads: 0 }));
  const { db } = openSnapshotRecords(snapshotPath(dataDir, 'es', report.snapshot!.version));
  try {
    const places = db.prepare('SELECT id, place_json FROM places').all() as { id: string; place_json: string }[];
    served = new Map(places.map((row) => [row.id, JSON.parse(servedPlaceJson(row.place_json))]));
    const rows = db.prepare('SELECT id, issues FROM listings').all() as { id: string; issues: string }[];
    issues = new Map(rows.map((row) => [row.id, JSON.parse(row.issues)]));
    fill = JSON.parse(db.prepare("SELECT value FROM meta WHERE key = 'field_fill'").pluck().get() as string);
    const hashRows = db.prepare('SELECT h.id, h.hash, l.place FROM place_hashes AS h JOIN listings AS l ON l.id = h.id').all() as { id: string; hash: string; place: string }[];
    hashes = new Map(hashRows.map((row) => [row.id, { hash: row.hash, ofServed: placeContentHash(row.place) }]));
  } finally {
    db.close();
  }
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('websites on a host several unrelated places of the import share', () => {
  it("publishes the two unrelated houses without the association portal's page, recording website/shared-portal-host", () => {
    expect(served.get('es-cango')?.website).toBeNull();
    expect(served.get('es-lola')?.website).toBeNull();
    expect(issues.get('es-lola')).toContainEqual(
      expect.objectContaining({ code: 'shared-portal-host', value: 'http://www.tenerifeturismorural.com/mama-lola', group: 'tenerifeturismorural.com' }),
    );
  });

  it('gives a place whose page was dropped the change hash of what it serves now', () => {
    expect(hashes.size).toBe(7);
    for (const { hash, ofServed } of hashes.values()) expect(hash).toBe(ofServed);
  });

  it("keeps an operator's site that carries its places' name, and a known chain's", () => {
    expect(served.get('es-torpes')?.website).toBe('https://www.campigir.com/');
    expect(served.get('es-valbom')?.website).toBe('https://www.campigir.com/valbom');
    expect(served.get('es-teidemar')?.website).toBe('https://www.coral-hotels.com/');
    expect(issues.get('es-valbom')?.map((found) => found.code)).not.toContain('shared-portal-host');
  });

  it('counts the pass in the report: issues by host, portals found, websites dropped, own sites kept', () => {
    expect(report.issues['website/shared-portal-host']).toBe(2);
    expect(report.issueGroups['website/shared-portal-host']).toEqual({ 'tenerifeturismorural.com': 2 });
    expect(report.portalHosts).toEqual({ found: 1, websitesDropped: 2, ownSitesKept: 2 });
    expect(report.invalid.websites).toBe(2);
  });

  it("leaves the dropped pages out of the snapshot's field fill, which the next import's gates compare", () => {
    expect(fill.published).toBe(7);
    expect(fill.filled['website']).toBe(5);
    expect(fill.issues['website/shared-portal-host']).toBe(2);
  });
});
