// The per-field fill: which fields are measured (from the Place schema), the one SQL pass at seal, and the report rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MEASURED_PLACE_FIELDS } from '../../../model/place-fields.ts';
import { FIELD_FILL_KEY, measureFieldFill, readFieldFill, storedFieldFill, type FieldFill } from '../../../pipeline/snapshot/field-fill.ts';
import { MISCOUNTED_ISSUES_NOTE, fieldOfIssue, fieldQuality } from '../../../pipeline/gates/field-quality.ts';
import { formatFieldQuality } from '../../../pipeline/report/format-field-quality.ts';
import { registerPlaceTextFunctions } from '../../../pipeline/snapshot/place-text-sql.ts';

describe('measured Place fields', () => {
  it('are the fields the schema lets be absent, the address by part, in the schema order', () => {
    expect(MEASURED_PLACE_FIELDS).toEqual([
      'name', 'legalName', 'address.street', 'address.city', 'address.state', 'address.postalCode', 'address.country',
      'location', 'phone', 'phoneType', 'additionalPhones', 'email', 'website', 'sourceMapsUrl', 'primaryType',
      'lodgingTypes', 'rating', 'reviewCount', 'openingHours',
    ]);
  });
});

function snapshotDb(places: Record<string, unknown>[], issues: { status: string; issues: { field: string; code: string }[] }[] = []) {
  const db = new Database(':memory:');
  registerPlaceTextFunctions(db);
  db.exec('CREATE TABLE places (place_json TEXT NOT NULL); CREATE TABLE listings (status TEXT NOT NULL, issues TEXT NOT NULL)');
  for (const p of places) db.prepare('INSERT INTO places VALUES (?)').run(JSON.stringify(p));
  for (const l of issues) db.prepare('INSERT INTO listings VALUES (?, ?)').run(l.status, JSON.stringify(l.issues));
  return db;
}

describe('measureFieldFill', () => {
  it.each([
    ['a text', { name: 'Hotel' }, 1],
    ['null', { name: null }, 0],
    ['an empty text', { name: '' }, 0],
    ['a missing key', {}, 0],
  ])('name as %s counts %i', (_what, place, expected) => {
    expect(measureFieldFill(snapshotDb([place]), ['name']).filled).toEqual({ name: expected });
  });

  it('counts lists, objects, numbers and address parts by presence', () => {
    const db = snapshotDb([
      { additionalPhones: [], openingHours: {}, rating: 0, location: null, address: { city: 'Sevilla', street: null } },
      { additionalPhones: [{ phone: '+34954211112' }], openingHours: { lunes: [] }, rating: 4.5, location: { latitude: 1, longitude: 2 }, address: { city: null, street: 'Calle 1' } },
      { additionalPhones: [], openingHours: null, rating: null, location: null, address: { city: 'Cádiz', street: null } },
    ]);
    const fill = measureFieldFill(db, ['additionalPhones', 'openingHours', 'rating', 'location', 'address.city', 'address.street']);
    expect(fill.published).toBe(3);
    expect(fill.filled).toEqual({ additionalPhones: 1, openingHours: 1, rating: 2, location: 1, 'address.city': 2, 'address.street': 1 });
  });

  it("counts the published records' issues by field/code, and nothing of the others", () => {
    const db = snapshotDb([{}], [
      { status: 'published', issues: [{ field: 'phone', code: 'invalid-phone' }, { field: 'website', code: 'third-party' }] },
      { status: 'published', issues: [{ field: 'phone', code: 'invalid-phone' }] },
      { status: 'rejected', issues: [{ field: 'phone', code: 'invalid-phone' }] },
    ]);
    expect(measureFieldFill(db, ['phone']).issues).toEqual({ 'phone/invalid-phone': 2, 'website/third-party': 1 });
  });

  it('counts each issue by its field/code wherever it stands in a record\'s list of issues', () => {
    const db = snapshotDb([{}], [
      { status: 'published', issues: [{ field: 'website', code: 'tracking-removed' }, { field: 'address', code: 'street-from-full-address' }] },
      { status: 'published', issues: [{ field: 'address', code: 'street-from-full-address' }] },
      { status: 'published', issues: [{ field: 'website', code: 'public-body' }, { field: 'address', code: 'street-from-full-address' }] },
      { status: 'published', issues: [{ field: 'phone', code: 'invalid-phone' }, { field: 'website', code: 'tracking-removed' }, { field: 'email', code: 'invalid-email' }] },
    ]);
    expect(measureFieldFill(db, ['website']).issues).toEqual({
      'address/street-from-full-address': 3,
      'email/invalid-email': 1,
      'phone/invalid-phone': 1,
      'website/public-body': 1,
      'website/tracking-removed': 2,
    });
  });

  it('an empty snapshot measures zeros', () => {
    expect(measureFieldFill(snapshotDb([]), ['name', 'phone'])).toEqual({ published: 0, filled: { name: 0, phone: 0 }, issues: {} });
  });
});

describe('readFieldFill', () => {
  /** A snapshot file with one published record (two issues) and the meta value given. */
  function snapshotFile(metaValue: string | null): string {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'field-fill-')), 'es.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE places (place_json TEXT NOT NULL); CREATE TABLE listings (status TEXT NOT NULL, issues TEXT NOT NULL); CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)');
    db.prepare('INSERT INTO places VALUES (?)').run(JSON.stringify({ website: 'https://a.es/' }));
    const issues = [{ field: 'phone', code: 'invalid-phone' }, { field: 'website', code: 'tracking-removed' }];
    db.prepare('INSERT INTO listings VALUES (?, ?)').run('published', JSON.stringify(issues));
    if (metaValue !== null) db.prepare('INSERT INTO meta VALUES (?, ?)').run(FIELD_FILL_KEY, metaValue);
    db.close();
    return file;
  }
  const right = { 'phone/invalid-phone': 1, 'website/tracking-removed': 1 };

  it('a fill stored before issues were counted by field/code is counted again from the records', () => {
    const miscounted = JSON.stringify({ published: 1, filled: { website: 1 }, issues: { 'website/tracking-removed': 2 } });
    expect(readFieldFill(snapshotFile(miscounted)).issues).toEqual(right);
  });

  it('a fill stored with its counting marker is read as stored, without the marker', () => {
    const stored: FieldFill = { published: 1, filled: { website: 1 }, issues: { 'website/tracking-removed': 7 } };
    expect(readFieldFill(snapshotFile(storedFieldFill(stored)))).toEqual(stored);
  });

  it('a snapshot without a stored fill is measured', () => {
    expect(readFieldFill(snapshotFile(null)).issues).toEqual(right);
  });
});

describe('fieldOfIssue', () => {
  it.each([
    ['phone/invalid-phone', 'phone'],
    ['website/third-party', 'website'],
    ['categories/too-many-labels', 'lodgingTypes'],
    ['address/city-tidied', 'address.city'],
    ['address/invalid-city', 'address.city'],
    ['address/postal-code-from-full-address', 'address.postalCode'],
    ['address/street-from-full-address', 'address.street'],
    ['address/unknown-country', 'address.country'],
    ['address/wrong-type', null],
    ['lodgingType/name-suggests', null],
    ['crawledAt/invalid-date', null],
  ])('%s → %s', (key, field) => {
    expect(fieldOfIssue(key, MEASURED_PLACE_FIELDS)).toBe(field);
  });
});

const fill = (published: number, filled: Record<string, number>, issues: Record<string, number> = {}): FieldFill => ({ published, filled, issues });

describe('fieldQuality', () => {
  it('shares, change against now, issues by code; worst first: the largest loss, then the lowest share', () => {
    const q = fieldQuality(
      fill(200, { name: 200, phone: 20, website: 100, email: 10 }, { 'phone/invalid-phone': 150, 'address/wrong-type': 1 }),
      fill(100, { name: 100, phone: 95, website: 60 }),
    );
    expect(q.published).toBe(200);
    expect(q.currentPublished).toBe(100);
    expect(q.rows.map((r) => [r.field, r.share, r.currentShare, r.change])).toEqual([
      ['phone', 0.1, 0.95, -0.85],
      ['website', 0.5, 0.6, -0.1],
      ['email', 0.05, null, null],
      ['name', 1, 1, 0],
    ]);
    expect(q.rows[0]!.issues).toEqual({ 'invalid-phone': 150 });
    expect(q.otherIssues).toEqual({ 'address/wrong-type': 1 });
  });

  it('a first import has nothing to compare with; no published place shares 0', () => {
    const q = fieldQuality(fill(0, { name: 0 }), null);
    expect(q.rows).toEqual([{ field: 'name', filled: 0, share: 0, currentShare: null, change: null, issues: {} }]);
    expect(q.currentPublished).toBeNull();
  });

  it('prints one line per field with both shares and the change', () => {
    const text = formatFieldQuality(fieldQuality(fill(200, { phone: 20 }, { 'phone/invalid-phone': 150 }), fill(100, { phone: 95 }))).join('\n');
    expect(text).toMatch(/Fields of the 200 published places, worst first \(against the current snapshot's 100\)/);
    expect(text).toMatch(/phone\s+20\s+10\.0%\s+95\.0%\s+−85\.0 pts\s+invalid-phone 150/);
    expect(text).not.toMatch(/NOTE/);
  });

  it('a report recorded before issues were counted by field/code says its issue counts are wrong', () => {
    const { countedByCode: _countedByCode, ...recordedBefore } = fieldQuality(fill(200, { phone: 20 }, { 'phone/invalid-phone': 150 }), null);
    expect(formatFieldQuality(recordedBefore).at(-1)).toBe(`  NOTE: ${MISCOUNTED_ISSUES_NOTE}`);
  });
});
