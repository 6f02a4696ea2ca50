// The diff against the current snapshot (places served added, removed, changed; status changes; by type and city, fields) and the HTML report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicationReport } from '../../../pipeline/report/publication-report.ts';
import { renderReportHtml } from '../../../pipeline/report/report-html.ts';
import { hotel, lodging, restaurant, writeLines } from '../../support/publication-kit.ts';

let dir: string;
let dataDir: string;
let report: PublicationReport;
let runId: string;
const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodging-diff-'));
  dataDir = path.join(dir, 'data');
  const base = [hotel('a'), hotel('b'), hotel('c'), hotel('d', { address: { city: 'Madrid' } }), hotel('f')];
  expect((await lodging(dataDir, ['import', '--country', 'es', writeLines(dir, 'base.jsonl', base)])).code).toBe(0);
  const next = [
    hotel('a'),
    hotel('b', { name: 'Hotel b renamed', phone: '954 21 11 13' }),
    restaurant('c'),
    hotel('e', { address: { city: 'Granada' }, categories: ['Hostal'] }),
    hotel('f', { name: HOSTILE, categories: [HOSTILE] }),
    '{not json',
  ];
  const dry = await lodging(dataDir, ['import', '--country', 'es', '--dry-run', '--json', writeLines(dir, 'next.jsonl', next)]);
  expect(dry.code, dry.stderr).toBe(0);
  runId = (JSON.parse(dry.stdout) as { runId: string }).runId;
  report = JSON.parse((await lodging(dataDir, ['report', runId, '--json'])).stdout) as PublicationReport;
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the diff against the current snapshot', () => {
  it('counts places served added, removed and changed by lodgingType and city, with the fields that changed', () => {
    const { diff } = report;
    expect(diff.against?.publishedCount).toBe(5);
    expect(diff.added).toMatchObject({ count: 1, byLodgingType: { guesthouse: 1 }, byCity: { granada: 1 } });
    expect(diff.added.examples).toEqual([expect.objectContaining({ id: 'es-e', city: 'Granada', status: 'published' })]);
    // c is no longer served (now rejected), d is gone: both are removed, c with the status it has now.
    expect(diff.removed).toMatchObject({ count: 2, byCity: { madrid: 1, sevilla: 1 } });
    expect(diff.removed.examples[0]).toMatchObject({ id: 'es-c', fromStatus: 'published', status: 'rejected', reasons: ['not-lodging'] });
    expect(diff.removed.examples[1]).toMatchObject({ id: 'es-d', status: 'published' });
    expect(diff.removed.examples[1]!.fromStatus).toBeUndefined();
    expect(diff.statusChanged.count).toBe(0);
    expect(diff.changed.count).toBe(2);
    const b = diff.changed.examples.find((x) => x.id === 'es-b')!;
    expect(b.fields!.map((f) => f.field)).toEqual(expect.arrayContaining(['name', 'phone']));
    expect(b.fields!.find((f) => f.field === 'name')).toEqual({ field: 'name', before: 'Hotel b', after: 'Hotel b renamed' });
  });
});

describe('lodging report RUN_ID --html', () => {
  it('writes one self-contained page: inline SVG charts, gates with values, the diff, rejected lines; everything escaped, no script, nothing fetched', async () => {
    const file = path.join(dir, 'out', 'report.html');
    const result = await lodging(dataDir, ['report', runId, '--html', file]);
    expect(result.code, result.stderr).toBe(0);
    const html = fs.readFileSync(file, 'utf8');
    expect(html).toBe(fs.readFileSync(path.join(dataDir, 'runs', runId, 'report.html'), 'utf8'));
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<[^>]*\s(src|href)=/i);
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect((html.match(/<svg /g) ?? []).length).toBe(3);
    for (const text of ['Share of lines rejected or unreadable', '33.3%', 'Added: 1', 'Removed: 2', 'published → rejected (not-lodging)', 'added − removed is the change in places served', 'Status changed (served by neither): 0', 'es-b', 'Hotel b renamed', 'next.jsonl:6', 'invalid-json', 'Dry run']) {
      expect(html).toContain(text);
    }
    const { servedOnly: _servedOnly, ...recordedBefore } = report.diff;
    expect(renderReportHtml({ ...report, diff: recordedBefore })).toContain('recorded before diffs counted places served alone: these counts include records not served');
    const unknownRun = await lodging(dataDir, ['report', 'nope', '--html', file]);
    expect(unknownRun.code).toBe(1);
  });
});
