import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inProcessCli } from '../support/publication-kit.ts';
import type { ImportReport } from '../../pipeline/report/import-report.ts';
import { openSnapshotReader } from '../../pipeline/snapshot/snapshot-reader.ts';
import { parseProgressLine } from '../../api/console/ops/read-progress-line.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodging-cli-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const run = inProcessCli(() => ({ LODGING_DATA_DIR: path.join(dir, 'data') }));

const listing = (id: string, over: Record<string, unknown> = {}) =>
  JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Sevilla' }, phone: '954 21 11 12', categories: ['Hotel'], ...over });

async function writeExport(name: string, lines: string[]) {
  const file = path.join(dir, name);
  await fs.writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

describe('lodging import', () => {
  it('publishes, reports bad lines with their line numbers, and exits 0', async () => {
    const good = ['c', 'd', 'e', 'f'].map((id) => listing(id));
    const file = await writeExport('es.jsonl', [listing('a'), '{not json', listing('b', { categories: ['Restaurante'] }), '[1]', listing('a'), ...good]);
    const { code, stdout, stderr } = await run(['import', '--country', 'es', '--json', file]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as ImportReport;
    // 4 of 9 lines rejected or unreadable: under the default 50% gate, so it publishes.
    expect(report).toMatchObject({ lines: 9, listings: 7, badLines: 2, byStatus: { published: 5, rejected: 2 } });
    expect(report.byReason).toEqual({ 'not-lodging': 1, 'duplicate-provider-id': 1 });
    expect(report.samples.badLines.map((s) => [s.line, s.reason])).toEqual([
      [2, 'invalid-json'],
      [4, 'not-an-object'],
    ]);
    expect(stderr).toMatch(/import es: done/);
    const reader = openSnapshotReader(path.join(dir, 'data'));
    expect(reader.getPlace('es-a')?.name).toBe('Hotel a');
    expect(reader.getPlace('es-b')).toBeNull();
    reader.close();
  });

  it('prints a readable report without --json', async () => {
    const file = await writeExport('es.jsonl', [listing('a', { categories: ['Zzz'] })]);
    const { code, stdout } = await run(['import', '--country', 'es', file]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/By status\n\s+published\s+1/);
    expect(stdout).toMatch(/Unknown labels.*\n\s+"Zzz"\s+1/);
  });

  it.each([
    ['an unknown country', ['import', '--country', 'xx', 'f.jsonl'], 1, /unknown country "xx"/],
    ['a missing file', ['import', '--country', 'es', 'missing.jsonl'], 1, /cannot read missing\.jsonl/],
    ['no file', ['import', '--country', 'es'], 2, /give at least one export FILE/],
    ['no country', ['import', 'f.jsonl'], 2, /--country is required/],
    ['an unknown option', ['import', '--bogus'], 2, /Unknown option/],
  ])('fails on %s with a clear message', async (_name, argv, exitCode, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(exitCode);
    expect(stderr).toMatch(message);
  });

  it('keeps the current snapshot when an import fails', async () => {
    const good = await writeExport('good.jsonl', [listing('a')]);
    expect((await run(['import', '--country', 'es', good])).code).toBe(0);
    expect((await run(['import', '--country', 'es', good, path.join(dir, 'nope.jsonl')])).code).toBe(1);
    const reader = openSnapshotReader(path.join(dir, 'data'));
    expect(reader.getPlace('es-a')).not.toBeNull();
    reader.close();
  });
});

describe('lodging import --progress json --actor', () => {
  it('writes its progress as JSON lines on stderr (the same figures as the bar, the run id once recorded) and records the actor', async () => {
    const file = await writeExport('es.jsonl', [listing('a'), listing('b')]);
    const { code, stderr } = await run(['import', '--country', 'es', '--progress', 'json', file]);
    expect(code).toBe(0);
    const events = stderr.split('\n').map(parseProgressLine).filter((e) => e !== null);
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((e) => e.event === 'progress').at(-1)).toMatchObject({ event: 'progress', percent: 100, linesRead: 2 });
    expect(events.find((e) => e.event === 'started')).toMatchObject({ runId: expect.any(String) });
    expect((await run(['import', '--country', 'es', '--progress', 'xml', file])).code).toBe(2);
    const by = await run(['import', '--country', 'es', '--json', '--actor', 'console:ops@example.org', file]);
    expect(by.code).toBe(0);
    const runs = JSON.parse((await run(['runs', '--json'])).stdout) as { by: string }[];
    expect(runs[0]!.by).toBe('console:ops@example.org');
  });
});

describe('lodging suppress', () => {
  it('adds an entry that suppresses the listing at the next import', async () => {
    const file = await writeExport('es.jsonl', [listing('a'), listing('b', { phone: '612 345 678' })]);
    expect((await run(['suppress', '--id', 'es-a', '--note', 'owner request #1'])).code).toBe(0);
    expect((await run(['suppress', '--phone', '+34 612 345 678', '--note', 'opt-out #2'])).stdout).toMatch(/added/);
    expect((await run(['suppress', '--id', 'es-a', '--note', 'again'])).stdout).toMatch(/already in/);
    const text = await fs.readFile(path.join(dir, 'data', 'suppression-list.txt'), 'utf8');
    expect(text).toMatch(/^id es-a  # owner request #1  \[added \S+Z by [^\]]+\]\nphone \+34612345678  # opt-out #2  \[added \S+Z by [^\]]+\]\n$/);
    const report = JSON.parse((await run(['import', '--country', 'es', '--json', file])).stdout) as ImportReport;
    expect(report.byReason).toEqual({ 'suppressed-id': 1, 'suppressed-phone': 1 });
  });

  it('removes an entry (--remove) and lists the rest with their notes (--list), comments kept', async () => {
    await fs.mkdir(path.join(dir, 'data'), { recursive: true });
    const file = path.join(dir, 'data', 'suppression-list.txt');
    await fs.writeFile(file, '# reviewed list\nid es-a  # owner #1\ndomain spam.example  # takedown #2\n');
    const removed = await run(['suppress', '--remove', '--id', 'es-a']);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toMatch(/removed from .*: id es-a  # owner #1/);
    expect(await fs.readFile(file, 'utf8')).toBe('# reviewed list\ndomain spam.example  # takedown #2\n');
    const again = await run(['suppress', '--remove', '--id', 'es-a']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not in .*: id es-a/);
    const listed = JSON.parse((await run(['suppress', '--list', '--json'])).stdout) as { entries: unknown[] };
    expect(listed.entries).toEqual([{ kind: 'domain', value: 'spam.example', note: 'takedown #2', line: 2 }]);
    expect((await run(['suppress', '--list'])).stdout).toMatch(/domain spam\.example  # takedown #2/);
  });

  it.each([
    [['suppress', '--id', 'x']],
    [['suppress', '--id', 'x', '--phone', '+34612345678', '--note', 'n']],
    [['suppress', '--phone', '612', '--note', 'n']],
    [['suppress', '--remove', '--id', 'x', '--note', 'n']],
    [['suppress', '--list', '--id', 'x']],
  ])('refuses %j', async (argv) => {
    expect((await run(argv)).code).toBe(2);
  });

  it('fails an import when the suppression list has a malformed line, naming it', async () => {
    const file = await writeExport('es.jsonl', [listing('a')]);
    await fs.mkdir(path.join(dir, 'data'), { recursive: true });
    await fs.writeFile(path.join(dir, 'data', 'suppression-list.txt'), 'id es-a\nsuppress everything\n');
    const { code, stderr } = await run(['import', '--country', 'es', file]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/line 2/);
  });
});

describe('lodging explain', () => {
  it('shows the label that chose the type, what was dropped and the status', async () => {
    const file = await writeExport('es.jsonl', [
      listing('a'),
      listing('b', { categories: ['Hotel', 'Apartahoteles'], website: 'http://localhost/x', phones: ['123'] }),
    ]);
    const { code, stdout } = await run(['explain', '--country', 'es', `${file}:2`]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/status: published/);
    expect(stdout).toMatch(/lodgingType: apartment\n\s+chosen by label "Apartahoteles"/);
    expect(stdout).toMatch(/website: private-host "http:\/\/localhost\/x"/);
    expect(stdout).toMatch(/phone: invalid-phone "123"/);
    const byId = await run(['explain', '--country', 'es', file, '--provider-id', 'a', '--json']);
    expect(JSON.parse(byId.stdout).listing.place.id).toBe('es-a');
  });

  it('says when the line is not a listing or does not exist', async () => {
    const file = await writeExport('es.jsonl', ['{oops']);
    expect((await run(['explain', '--country', 'es', `${file}:1`])).stdout).toMatch(/not a listing: invalid-json/);
    expect((await run(['explain', '--country', 'es', `${file}:9`])).code).toBe(1);
  });
});

describe('lodging', () => {
  it('lists its commands and rejects unknown ones', async () => {
    expect((await run(['--help'])).stdout).toMatch(/import --country CC FILE/);
    expect((await run(['frobnicate'])).code).toBe(2);
    expect((await run(['import', '--help'])).stdout).toMatch(/usage: lodging import/);
  });
});
