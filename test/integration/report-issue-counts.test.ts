// Every issue count of an import's reports (terminal, JSON, HTML, console) equals the count taken over the snapshot's records.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../api/support/console-client.ts';
import { lodging, writeLines } from '../support/publication-kit.ts';
import { startOpsHarness, type OpsHarness } from '../api/console/ops/support/ops-harness.ts';
import { snapshotPath } from '../../pipeline/snapshot/snapshot-paths.ts';
import { fieldOfIssue } from '../../pipeline/gates/field-quality.ts';
import { isRepair } from '../../pipeline/normalise/issues.ts';
import { MEASURED_PLACE_FIELDS } from '../../model/place-fields.ts';
import type { PublicationReport } from '../../pipeline/report/publication-report.ts';
import { openSnapshotRecords } from '../../pipeline/snapshot/records-file.ts';

let harness: OpsHarness;
let operator: ConsoleClient;

beforeAll(async () => {
  harness = await startOpsHarness();
  ({ client: operator } = await harness.signedInAs('ops@example.org', 'operator'));
}, 60_000);
afterAll(async () => {
  await harness?.close();
});

const listing = (id: string, over: Record<string, unknown>) =>
  JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Sevilla' }, categories: ['Hotel'], ...over });

/** Known defects, on published, closed and rejected listings alike, and in different places of each record's issue list. */
const EXPORT = [
  listing('h1', { fullAddress: 'Calle Mayor 1, 41001 Sevilla', phone: '12', website: 'https://hotel-uno.es/?utm_source=google' }),
  listing('h2', { name: 'Casa Pepe B&B', address: { city: 'Sevilla', street: 'Calle Sol 2' }, phone: '954 21 11 12', website: 'https://www.facebook.com/casapepe' }),
  listing('h3', { name: 'Camping Municipal', fullAddress: 'Avenida del Río 5, 41002 Sevilla', website: 'https://www.sevilla.gob.es/camping', email: 'info@@bad', categories: ['Camping'] }),
  listing('h4', { name: 'Bar Pepe', phone: '12', website: 'https://bar-pepe.es/?utm_source=x', categories: ['Restaurante'] }),
  listing('h5', { phone: '954 21 11 13', website: 'https://www.facebook.com/cerrado', businessStatus: 'CLOSED_PERMANENTLY' }),
  listing('h6', { name: 'Hostal Seis', phone: '954 21 11 14', phones: ['954 21 11 14'], website: 'www.hostal-seis.es', categories: ['Hostal'] }),
  listing('h7', { phone: '12', website: 'https://hotel-siete.es/?fbclid=abc', email: 'reservas@hotel-siete.es' }),
  listing('h8', { name: 'Camper Área Ocho', website: 'https://www.booking.com/hotel/es/ocho.html', categories: ['Camping'] }),
  listing('h9', { email: 'nadie@', website: 'https://www.facebook.com/nueve', fullAddress: 'Calle Luna 9, 41003 Sevilla' }),
  '{not json',
];

type Counts = Record<string, number>;

interface RecordCounts {
  listings: number;
  published: number;
  /** "field/code" over every listing. */
  all: Counts;
  /** "field/code" over the published listings. */
  onPublished: Counts;
  /** "field/code" → group → count, over every listing. */
  groups: Record<string, Counts>;
}

const bump = (counts: Counts, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

/** Straight from the snapshot's `listings` rows: each record's own issues, nothing the report computed. */
function countRecords(file: string): RecordCounts {
  const db = openSnapshotRecords(file).db;
  try {
    const rows = db.prepare('SELECT status, issues FROM listings').all() as { status: string; issues: string }[];
    const out: RecordCounts = { listings: rows.length, published: 0, all: {}, onPublished: {}, groups: {} };
    for (const row of rows) {
      if (row.status === 'published') out.published += 1;
      for (const issue of JSON.parse(row.issues) as { field: string; code: string; group?: string }[]) {
        const key = `${issue.field}/${issue.code}`;
        bump(out.all, key);
        if (row.status === 'published') bump(out.onPublished, key);
        if (issue.group !== undefined) bump((out.groups[key] ??= {}), issue.group);
      }
    }
    return out;
  } finally {
    db.close();
  }
}

/** Per measured field: its issue codes on published places; the rest as "other" by "field/code". */
function byField(onPublished: Counts): { fields: Record<string, Counts>; other: Counts } {
  const fields: Record<string, Counts> = Object.fromEntries(MEASURED_PLACE_FIELDS.map((f) => [f, {}]));
  const other: Counts = {};
  for (const [key, n] of Object.entries(onPublished)) {
    const field = fieldOfIssue(key, MEASURED_PLACE_FIELDS);
    if (field === null) other[key] = n;
    else fields[field]![key.slice(key.indexOf('/') + 1)] = n;
  }
  return { fields, other };
}

const number = (text: string) => Number(text.replaceAll(',', ''));

/** "invalid-phone 12, duplicate-phone 3" → { "invalid-phone": 12, … }. */
function issueList(text: string): Counts {
  if (text.trim() === '') return {};
  return Object.fromEntries(
    text.split(', ').map((part) => {
      const at = part.lastIndexOf(' ');
      return [part.slice(0, at), number(part.slice(at + 1))];
    }),
  );
}

/** A terminal table: the lines under its title up to the next blank line, "  key  n". */
function terminalTable(text: string, title: string): Counts {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith(title));
  expect(start, title).toBeGreaterThan(-1);
  const out: Counts = {};
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || line.trim() === '(none)') break;
    const m = /^ {2}(\S.*?)\s+([\d,]+)$/.exec(line)!;
    out[m[1]!] = number(m[2]!);
  }
  return out;
}

/** The terminal's Fields table: per field its issues, and the "other issues" line. */
function terminalFields(text: string): { fields: Record<string, Counts>; other: Counts } {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('Fields of the '));
  const fields: Record<string, Counts> = {};
  let other: Counts = {};
  for (const line of lines.slice(start + 2)) {
    if (line.trim() === '') break;
    if (line.startsWith('  other issues: ')) other = issueList(line.slice('  other issues: '.length));
    else {
      const m = /^ {2}(\S+)\s+[\d,]+\s+[\d.]+%\s+\S+\s+\S+(?: {2}(.*))?$/.exec(line)!;
      fields[m[1]!] = issueList(m[2] ?? '');
    }
  }
  return { fields, other };
}

/** The HTML report's Fields table (also inside the console's report). */
function htmlFields(page: string): { fields: Record<string, Counts>; other: Counts } {
  const section = page.slice(page.indexOf('<h2>Fields</h2>'), page.indexOf('<h2>Counts</h2>'));
  const fields: Record<string, Counts> = {};
  for (const m of section.matchAll(/<tr><td><code>([^<]+)<\/code><\/td>(?:<td[^>]*>[^<]*<\/td>){4}<td>([^<]*)<\/td><\/tr>/g)) fields[m[1]!] = issueList(m[2]!);
  const other = /Other issues: ([^<]*)</.exec(section);
  return { fields, other: issueList(other?.[1] ?? '') };
}

/** The console run page's Fields table. */
function consoleFields(page: string): { fields: Record<string, Counts>; other: Counts } {
  const section = page.slice(page.indexOf('<h2>Fields</h2>'), page.indexOf('<h2>Events</h2>'));
  const fields: Record<string, Counts> = {};
  for (const m of section.matchAll(/<tr><th scope="row"[^>]*><code>([^<]+)<\/code><\/th>(?:<td[^>]*>[^<]*<\/td>){3}<td[^>]*>([^<]*)<\/td><\/tr>/g)) fields[m[1]!] = issueList(m[2]!);
  const other = /Other issues: ([^<]*)</.exec(section);
  return { fields, other: issueList(other?.[1] ?? '') };
}

describe('issue counts in every report of an import', () => {
  it('the terminal, JSON, HTML and console reports each count what the records hold', async () => {
    const dataDir = harness.api.dataDir;
    const file = writeLines(path.join(dataDir, 'exports'), 'es-defects.jsonl', EXPORT);
    const imported = await lodging(dataDir, ['import', '--country', 'es', file]);
    expect(imported.code, imported.stderr).toBe(0);
    const terminal = imported.stdout;
    const runId = /^Import (\S+) /m.exec(terminal)![1]!;
    const report = JSON.parse(fs.readFileSync(path.join(dataDir, 'runs', runId, 'report.json'), 'utf8')) as PublicationReport;
    const records = countRecords(snapshotPath(dataDir, 'es', report.publishedVersion!));
    const expected = byField(records.onPublished);

    // The export has what it was made to have: issues on published and unpublished records.
    expect(records).toMatchObject({ listings: 9, published: 7 });
    expect(records.all).toMatchObject({ 'phone/invalid-phone': 3, 'website/third-party': 4, 'website/tracking-removed': 3 });
    expect(records.onPublished).toMatchObject({ 'phone/invalid-phone': 2, 'website/third-party': 3, 'website/tracking-removed': 2 });
    expect(expected.other).toMatchObject({ 'lodgingType/name-suggests': 2 });

    // Terminal: every listing's issues, by group, the contact values dropped; the published places' issues by field.
    expect(terminal).toContain(`Values dropped or repaired in the ${records.listings} listings, by field/reason`);
    expect(terminalTable(terminal, 'Values dropped or repaired')).toEqual(records.all);
    for (const [key, groups] of Object.entries(records.groups)) expect(terminalTable(terminal, `${key}, by `), key).toEqual(groups);
    const dropped = (field: string) => Object.entries(records.all).filter(([k]) => k.startsWith(`${field}/`) && !isRepair(k.slice(field.length + 1))).reduce((n, [, v]) => n + v, 0);
    expect(terminalTable(terminal, 'Contact values dropped')).toEqual({ phones: records.all['phone/invalid-phone'], websites: dropped('website'), sourceMapsUrls: dropped('sourceMapsUrl'), emails: dropped('email') });
    expect(terminalFields(terminal)).toEqual(expected);

    // JSON: the stored report and `lodging report --json` alike.
    const printed = await lodging(dataDir, ['report', runId, '--json']);
    expect(printed.code, printed.stderr).toBe(0);
    for (const json of [report, JSON.parse(printed.stdout) as PublicationReport]) {
      expect(json.import.issues).toEqual(records.all);
      expect(json.import.issueGroups).toEqual(records.groups);
      const fq = json.fieldQuality!;
      expect(fq.published).toBe(records.published);
      expect({ fields: Object.fromEntries(fq.rows.map((r) => [r.field, r.issues])), other: fq.otherIssues }).toEqual(expected);
    }

    // HTML: the report file, and the same page inside the console.
    expect(htmlFields(fs.readFileSync(path.join(dataDir, 'runs', runId, 'report.html'), 'utf8'))).toEqual(expected);
    const consoleReport = await operator.get(`/console/ops/runs/${runId}/report`);
    expect(consoleReport.status).toBe(200);
    expect(htmlFields(consoleReport.text)).toEqual(expected);

    // Console: the run page's Fields table.
    const runPage = await operator.get(`/console/ops/runs/${runId}`);
    expect(runPage.status).toBe(200);
    expect(consoleFields(runPage.text)).toEqual(expected);
  }, 120_000);
});
