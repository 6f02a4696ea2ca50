// Bad files are refused before the swap (exit 3, the API's answers and the pointer unchanged), dry runs change nothing, --force publishes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointerPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { listSnapshots } from '../../../pipeline/publish/rollback.ts';
import { readRun } from '../../../pipeline/runs/run-store.ts';
import { startTestApi, type TestApi } from '../../api/support/test-api.ts';
import { countryAnswers, generatedLines, hotel, lodging, restaurant, writeLines } from '../../support/publication-kit.ts';

let api: TestApi;
let dir: string;
let baseline: string[];
let pointerBytes: Buffer;

const runIdOf = (stdout: string) => /^Import (\S+) /m.exec(stdout)?.[1] ?? (JSON.parse(stdout) as { runId: string }).runId;

beforeAll(async () => {
  api = await startTestApi({ exports: {} });
  dir = path.join(api.dataDir, 'exports');
  const first = await lodging(api.dataDir, ['import', '--country', 'es', writeLines(dir, 'es-good.jsonl', generatedLines('es', 300))]);
  expect(first.code, first.stderr).toBe(0);
  baseline = await countryAnswers(api, 'es');
  pointerBytes = fs.readFileSync(pointerPath(api.dataDir, 'es'));
  expect(baseline[0]).toMatch(/^200 \{"places":\[\{/);
}, 60_000);
afterAll(async () => api?.close());

async function expectNothingChanged(): Promise<void> {
  expect(fs.readFileSync(pointerPath(api.dataDir, 'es')).equals(pointerBytes)).toBe(true);
  expect(await countryAnswers(api, 'es')).toEqual(baseline);
}

describe('publication gates refuse a bad file before the swap', () => {
  const garbage = Array.from({ length: 40 }, (_, i) => (i % 2 ? `<html>row ${i}</html>` : `garbage,${i},;;`));
  const almostAllRejected = [hotel('keep-1'), ...Array.from({ length: 399 }, (_, i) => restaurant(`r${i}`))];

  it.each([
    ['an empty file', [] as string[], ['zero-published', 'rejected-share']],
    ['a garbage file', garbage, ['zero-published', 'rejected-share']],
    ['a file with almost every line rejected', almostAllRejected, ['rejected-share', 'published-drop']],
  ])('%s: exit 3, nothing published, the candidate held', async (name, lines, failing) => {
    const file = writeLines(dir, `${name.replaceAll(' ', '-')}.jsonl`, lines);
    const result = await lodging(api.dataDir, ['import', '--country', 'es', file]);
    expect(result.code, result.stderr).toBe(3);
    expect(result.stdout).toMatch(/REFUSED by a publication gate/);
    expect(result.stderr).toMatch(/refused by a publication gate; nothing was published/);
    for (const gate of failing) expect(result.stdout).toMatch(new RegExp(`FAIL\\s+${gate}`));
    await expectNothingChanged();
    const run = readRun(api.dataDir, runIdOf(result.stdout));
    expect(run.outcome).toBe('refused');
    expect(run.candidate?.heldUntil).toBeTruthy();
    expect(fs.existsSync(path.join(api.dataDir, 'snapshots', run.candidate!.file))).toBe(true);
    expect(result.stdout).toContain(`Report: ${path.join(api.dataDir, 'runs', run.runId, 'report.html')}`);
    expect(fs.existsSync(path.join(api.dataDir, 'runs', run.runId, 'report.html'))).toBe(true);
  }, 60_000);

  it('a drop of more than 10% is refused; --max-drop raises the bar', async () => {
    const smaller = writeLines(dir, 'es-smaller.jsonl', generatedLines('es', 300).slice(0, 240));
    const refused = await lodging(api.dataDir, ['import', '--country', 'es', '--json', smaller]);
    expect(refused.code).toBe(3);
    const report = JSON.parse(refused.stdout) as { outcome: string; gates: { gate: string; status: string; measured: number }[] };
    expect(report.outcome).toBe('refused');
    const drop = report.gates.find((g) => g.gate === 'published-drop')!;
    expect(drop.status).toBe('fail');
    expect(drop.measured).toBeGreaterThan(0.1);
    await expectNothingChanged();

    const dry = await lodging(api.dataDir, ['import', '--country', 'es', '--dry-run', '--max-drop', '0.5', smaller]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/DRY RUN: nothing was published \(gates pass\)/);
    await expectNothingChanged();
  }, 60_000);

  it('a dry run of a bad file exits 3 and changes nothing', async () => {
    const result = await lodging(api.dataDir, ['import', '--country', 'es', '--dry-run', writeLines(dir, 'dry-empty.jsonl', [])]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/DRY RUN: nothing was published \(gates WOULD REFUSE\)/);
    expect(readRun(api.dataDir, runIdOf(result.stdout)).outcome).toBe('dry-run');
    await expectNothingChanged();
  }, 60_000);

  it('publish RUN_ID re-checks the gates (still refused: exit 3); runs discard drops the candidate', async () => {
    const refused = await lodging(api.dataDir, ['import', '--country', 'es', writeLines(dir, 'again-empty.jsonl', [])]);
    const runId = runIdOf(refused.stdout);
    const again = await lodging(api.dataDir, ['publish', runId]);
    expect(again.code).toBe(3);
    expect(again.stdout).toMatch(/FAIL\s+zero-published/);
    await expectNothingChanged();
    const candidate = path.join(api.dataDir, 'snapshots', readRun(api.dataDir, runId).candidate!.file);
    const discarded = await lodging(api.dataDir, ['runs', 'discard', runId]);
    expect(discarded.code, discarded.stderr).toBe(0);
    expect(readRun(api.dataDir, runId).outcome).toBe('discarded');
    expect(fs.existsSync(candidate)).toBe(false);
    const twice = await lodging(api.dataDir, ['runs', 'discard', runId]);
    expect(twice.code).toBe(1);
    expect(twice.stderr.trim().split('\n')).toEqual([`lodging runs: run ${runId} has no held candidate (it is discarded)`]);
    await expectNothingChanged();
  }, 60_000);

  it('--force --reason publishes despite failed gates and records who and why', async () => {
    const file = writeLines(dir, 'forced.jsonl', [hotel('only-one'), restaurant('r1'), restaurant('r2')]);
    const noReason = await lodging(api.dataDir, ['import', '--country', 'es', '--force', file]);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toMatch(/--force needs --reason/);
    const result = await lodging(api.dataDir, ['import', '--country', 'es', '--force', '--reason', 'provider confirmed the cut', file]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/PUBLISHED \(FORCED by .+: provider confirmed the cut\)/);
    const run = readRun(api.dataDir, runIdOf(result.stdout));
    expect(run.forced).toEqual({ by: os.userInfo().username, reason: 'provider confirmed the cut' });
    const [current] = listSnapshots(api.dataDir, 'es');
    expect(current).toMatchObject({ current: true, forced: true, reason: 'provider confirmed the cut', runId: run.runId, publishedCount: 1 });
    const served = JSON.parse((await countryAnswers(api, 'es'))[0]!.slice(4)) as { places: { id: string }[] };
    expect(served.places.map((p) => p.id)).toEqual(['es-only-one']);

    // Back to the first snapshot: answers are exactly the baseline's again.
    const back = await lodging(api.dataDir, ['rollback', '--country', 'es']);
    expect(back.code, back.stderr).toBe(0);
    expect(await countryAnswers(api, 'es')).toEqual(baseline);
  }, 60_000);

  it('a small first import with a third of its lines bad still publishes', async () => {
    const lines = Array.from({ length: 9 }, (_, i) => (i % 3 === 2 ? `not json ${i}` : hotel(`gb-${i}`, { address: { city: 'Belfast' }, phone: '028 9032 1234' })));
    const result = await lodging(api.dataDir, ['import', '--country', 'gb', writeLines(dir, 'gb-third-bad.jsonl', lines)]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/WARN\s+rejected-share\s+33\.3%/);
    expect(result.stdout).toMatch(/SKIPPED published-drop/);
  }, 60_000);

  it('usage errors name the flag: bad shares, --reason without --force, --wait-for-workers without --queue', async () => {
    const file = writeLines(dir, 'usage.jsonl', [hotel('u')]);
    for (const [argv, message] of [
      [['--max-rejected-share', '2'], /--max-rejected-share must be a share from 0 to 1, got "2"/],
      [['--max-drop', 'ten'], /--max-drop must be a share from 0 to 1/],
      [['--reason', 'x'], /--reason goes with --force/],
      [['--wait-for-workers', '5'], /--wait-for-workers only applies with --queue/],
    ] as const) {
      const result = await lodging(api.dataDir, ['import', '--country', 'es', ...argv, file]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    await expectNothingChanged();
  });
});
