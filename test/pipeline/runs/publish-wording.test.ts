// A run that published nothing never says "N published": the CLI's report, run list, run page and JSON say "would publish N",
// `publishedCount` is 0 and `candidateCount` gives the candidate's places; a published run keeps "N published".
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../bin/commands.ts';
import { publicationCounts, publishedCountText, publishedPlacesText } from '../../../pipeline/runs/publish-wording.ts';

describe('the wording rule', () => {
  it.each([
    ['published', '1,234 published', 'the 1,234 published places', 1234],
    ['dry-run', 'would publish 1,234', 'the 1,234 places it would publish', 0],
    ['refused', 'would publish 1,234', 'the 1,234 places it would publish', 0],
    ['running', 'would publish 1,234', 'the 1,234 places it would publish', 0],
    ['discarded', '1,234 candidates (not published)', 'the 1,234 candidate places (not published)', 0],
    ['expired', '1,234 candidates (not published)', 'the 1,234 candidate places (not published)', 0],
  ] as const)('%s: "%s"', (outcome, count, places, published) => {
    expect(publishedCountText(outcome, 1234)).toBe(count);
    expect(publishedPlacesText(outcome, 1234)).toBe(places);
    expect(publicationCounts(outcome, 1234)).toEqual({ publishedCount: published, candidateCount: 1234 });
  });
});

describe('lodging import, runs', () => {
  let dir: string;
  let file: string;
  const lodging = async (args: string[]) => {
    let stdout = '';
    let stderr = '';
    const code = await main(args, {
      env: { LODGING_DATA_DIR: path.join(dir, 'data'), LODGING_THREADS: '0' },
      interactive: false,
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
    });
    return { code, stdout, stderr };
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lodging-publish-wording-'));
    file = path.join(dir, 'es-six.jsonl');
    const line = (id: string) => JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Sevilla' }, phone: '954 21 11 12', categories: ['Hotel'] });
    await writeFile(file, `${['a', 'b', 'c', 'd', 'e', 'f'].map(line).join('\n')}\n`);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a dry run: the terminal report says "would publish", its JSON has publishedCount 0 and candidateCount 6', async () => {
    const terminal = await lodging(['import', '--country', 'es', '--dry-run', file]);
    expect(terminal.code, terminal.stderr).toBe(0);
    expect(terminal.stdout).toMatch(/By status\n {2}would publish +6\n/);
    expect(terminal.stdout).toContain('Would publish, by lodgingType');
    expect(terminal.stdout).toContain('Fields of the 6 places it would publish');
    expect(terminal.stdout).not.toMatch(/(?<!-)\bpublished +6\b|6 published/);
    const json = await lodging(['import', '--country', 'es', '--dry-run', '--json', file]);
    const report = JSON.parse(json.stdout) as { reportHtml: string };
    expect(report).toMatchObject({ outcome: 'dry-run', publishedCount: 0, candidateCount: 6, byStatus: { published: 6 } });
    const page = await readFile(report.reportHtml, 'utf8');
    expect(page).toContain('<figcaption>Would publish, by lodgingType</figcaption>');
    expect(page).toContain('Share of the 6 places it would publish that have each field');
    expect(page).not.toMatch(/6 published places/);
  }, 60_000);

  it('the run list and a run say "would publish 6" for the held dry run; their JSON has publishedCount 0, candidateCount 6', async () => {
    const list = await lodging(['runs']);
    expect(list.stdout).toMatch(/dry-run \(held\) .* would publish 6 /);
    const runs = JSON.parse((await lodging(['runs', '--json'])).stdout) as { runId: string; candidate: unknown }[];
    expect(runs[0]!.candidate).toMatchObject({ publishedCount: 0, candidateCount: 6 });
    const show = await lodging(['runs', 'show', runs[0]!.runId]);
    expect(show.stdout).toContain('6 lines, 0 unreadable; would publish 6, closed 0, suppressed 0, rejected 0');
    expect(JSON.parse((await lodging(['runs', 'show', runs[0]!.runId, '--json'])).stdout)).toMatchObject({ candidate: { publishedCount: 0, candidateCount: 6 } });
  });

  it('a published import keeps "6 published" and publishedCount 6', async () => {
    const json = await lodging(['import', '--country', 'es', '--json', file]);
    expect(JSON.parse(json.stdout)).toMatchObject({ outcome: 'published', publishedCount: 6, candidateCount: 6 });
    expect((await lodging(['runs'])).stdout.split('\n')[1]).toMatch(/published .* 6 +6 +es-six\.jsonl/);
    const runs = JSON.parse((await lodging(['runs', '--json'])).stdout) as { candidate: unknown }[];
    expect(runs[0]!.candidate).toMatchObject({ publishedCount: 6, candidateCount: 6 });
  });
});
