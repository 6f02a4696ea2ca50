// Added − removed is the change in places served, for an import, a rollback and a roll-forward, on every surface that counts them.
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../../support/console-client.ts';
import { hotel, lodging, restaurant, writeLines } from '../../../support/publication-kit.ts';
import { setUpSignedInOps, type OpsHarness } from './support/ops-harness.ts';
import { snapshotPath } from '../../../../pipeline/snapshot/snapshot-paths.ts';
import { snapshotChanges } from '../../../../pipeline/snapshot/snapshot-changes.ts';
import { previewRollback } from '../../../../pipeline/publish/country-overview.ts';
import type { PublicationReport } from '../../../../pipeline/report/publication-report.ts';
import type { SnapshotDiff } from '../../../../pipeline/snapshot/snapshot-diff.ts';

let harness: OpsHarness;
let operator: ConsoleClient;

setUpSignedInOps({ operator: 'ops@example.org' }, (suite) => ({ harness, operator } = suite));

const closed = (id: string) => hotel(id, { businessStatus: 'CLOSED_PERMANENTLY' });

/** First: five served, one rejected, one closed. */
const FIRST = [hotel('a'), hotel('b'), hotel('c'), hotel('d'), hotel('e'), restaurant('r'), closed('x')];
/** Then: b renamed, c not lodging, d gone, r served now, f and g new, x rejected instead of closed, e as it was. */
const SECOND = [hotel('a'), hotel('b', { name: 'Hotel b renamed' }), restaurant('c'), hotel('e'), hotel('r'), hotel('f'), hotel('g'), restaurant('x')];

/** The ids a snapshot serves, read from its file. */
function served(version: string): Set<string> {
  const db = new Database(snapshotPath(harness.api.dataDir, 'es', version), { readonly: true, fileMustExist: true });
  try {
    return new Set(db.prepare('SELECT id FROM places').pluck().all() as string[]);
  } finally {
    db.close();
  }
}

const minus = (a: Set<string>, b: Set<string>) => [...a].filter((id) => !b.has(id)).sort();

/** The counts the change feed gives from one version to another. */
function feed(from: string, to: string): Record<string, number> {
  const rows = snapshotChanges(harness.api.dataDir, 'es', from, to, undefined, 1000)!;
  const counts: Record<string, number> = { added: 0, changed: 0, removed: 0 };
  for (const row of rows.changes) counts[row.change]! += 1;
  return counts;
}

/** Added and removed are exactly the places served by one side only, and their difference the change in places served. */
function expectServedDiff(diff: Pick<SnapshotDiff, 'added' | 'removed'>, before: Set<string>, after: Set<string>): void {
  expect(diff.added.count).toBe(minus(after, before).length);
  expect(diff.removed.count).toBe(minus(before, after).length);
  expect(diff.added.count - diff.removed.count).toBe(after.size - before.size);
  expect(diff.added.examples.map((x) => x.id).sort()).toEqual(minus(after, before));
  expect(diff.removed.examples.map((x) => x.id).sort()).toEqual(minus(before, after));
}

async function importExport(name: string, lines: string[]): Promise<{ report: PublicationReport; terminal: string }> {
  const dataDir = harness.api.dataDir;
  const file = writeLines(path.join(dataDir, 'exports'), name, lines);
  const result = await lodging(dataDir, ['import', '--country', 'es', file]);
  expect(result.code, result.stderr).toBe(0);
  const runId = /^Import (\S+) /m.exec(result.stdout)![1]!;
  const report = JSON.parse((await lodging(dataDir, ['report', runId, '--json'])).stdout) as PublicationReport;
  return { report, terminal: result.stdout };
}

const terminalCount = (text: string, kind: string) => Number(new RegExp(`^ {2}${kind} +(\\d+)`, 'm').exec(text)![1]);

async function runPageCounts(runId: string): Promise<[number, number]> {
  const page = await operator.get(`/console/ops/runs/${runId}`);
  expect(page.status).toBe(200);
  const m = /\+(\d+) added<\/strong> · <strong class="removed">−(\d+) removed/.exec(page.text)!;
  return [Number(m[1]), Number(m[2])];
}

async function previewPageCounts(to: string): Promise<[number, number]> {
  await operator.get('/console/ops/snapshots/es');
  const page = await operator.post('/console/ops/snapshots/es/preview', { to });
  expect(page.status).toBe(200);
  const count = (text: string) => Number(new RegExp(`<strong>(\\d+)</strong> ${text}`).exec(page.text)![1]);
  return [count('places that come back'), count('places that go away')];
}

describe('diff counts are places served', () => {
  it('an import, a rollback and a roll-forward: added − removed is the change in places served, in the report, terminal, run page, preview and change feed', async () => {
    const first = await importExport('first.jsonl', FIRST);
    const v1 = first.report.publishedVersion!;
    const s1 = served(v1);
    expect(s1.size).toBe(5);
    // A first import adds what it serves, not every record it holds.
    expectServedDiff(first.report.diff, new Set(), s1);
    expect(terminalCount(first.terminal, 'added')).toBe(5);
    expect(await runPageCounts(first.report.runId)).toEqual([5, 0]);

    const second = await importExport('second.jsonl', SECOND);
    const v2 = second.report.publishedVersion!;
    const s2 = served(v2);
    const diff = second.report.diff;
    expectServedDiff(diff, s1, s2);
    expect([diff.added.count, diff.removed.count, diff.changed.count, diff.statusChanged.count]).toEqual([3, 2, 1, 1]);
    expect(diff.added.examples.find((x) => x.id === 'es-r')).toMatchObject({ fromStatus: 'rejected', status: 'published' });
    expect(diff.removed.examples.find((x) => x.id === 'es-c')).toMatchObject({ fromStatus: 'published', status: 'rejected' });
    expect(diff.statusChanged.examples).toEqual([expect.objectContaining({ id: 'es-x', fromStatus: 'closed', status: 'rejected' })]);
    expect([terminalCount(second.terminal, 'added'), terminalCount(second.terminal, 'removed'), terminalCount(second.terminal, 'changed')]).toEqual([3, 2, 1]);
    expect(await runPageCounts(second.report.runId)).toEqual([3, 2]);
    expect(feed(v1, v2)).toEqual({ added: 3, removed: 2, changed: diff.changed.count });

    // Rollback to the first: the preview (pipeline and page) counts places served.
    const back = previewRollback(harness.api.dataDir, 'es', v1);
    expectServedDiff(back.diff, s2, s1);
    expect(await previewPageCounts(v1)).toEqual([back.diff.added.count, back.diff.removed.count]);
    expect(feed(v2, v1)).toEqual({ added: 2, removed: 3, changed: 1 });
    const rolled = await lodging(harness.api.dataDir, ['rollback', '--country', 'es', '--to', v1]);
    expect(rolled.code, rolled.stderr).toBe(0);

    // Roll forward to the second: the same, the other way.
    const forward = previewRollback(harness.api.dataDir, 'es', v2);
    expectServedDiff(forward.diff, s1, s2);
    expect(await previewPageCounts(v2)).toEqual([forward.diff.added.count, forward.diff.removed.count]);
  }, 120_000);
});
