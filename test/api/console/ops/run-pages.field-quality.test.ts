// The run page's per-field tables (worst field first; kept and new places) and the field-loss gate on the run and held pages, on the real pipeline.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../../support/console-client.ts';
import { generatedLines, lodging, writeLines } from '../../../support/publication-kit.ts';
import { setUpSignedInOps, type OpsHarness } from './support/ops-harness.ts';

let harness: OpsHarness;
let operator: ConsoleClient;

setUpSignedInOps({ operator: 'ops@example.org' }, (suite) => ({ harness, operator } = suite));

const withoutPhones = (lines: string[]) =>
  lines.map((line, i) => {
    if (i % 5 === 0) return line;
    try {
      const { phone: _phone, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return JSON.stringify(rest);
    } catch {
      return line;
    }
  });

describe('the field quality on the operator pages', () => {
  it('a run shows its fields worst first; a refusal by the field-loss gate names phone on the run and held pages', async () => {
    const dataDir = harness.api.dataDir;
    const dir = path.join(dataDir, 'exports');
    const lines = generatedLines('es', 200);
    const first = await lodging(dataDir, ['import', '--country', 'es', '--json', writeLines(dir, 'es.jsonl', lines)]);
    expect(first.code, first.stderr).toBe(0);
    const firstRun = (JSON.parse(first.stdout) as { runId: string }).runId;
    const page = await operator.get(`/console/ops/runs/${firstRun}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<h2>Fields<\/h2>/);
    expect(page.text).toMatch(/first import: nothing to compare with/);
    expect(page.text).toMatch(/<th scope="row"[^>]*><code>address\.postalCode<\/code><\/th><td class="num"[^>]*>[\d.]+%<\/td><td class="num"[^>]*>—<\/td><td class="num"[^>]*>—<\/td><td[^>]*>postal-code-from-full-address \d+<\/td>/);

    const refused = await lodging(dataDir, ['import', '--country', 'es', '--json', writeLines(dir, 'es-no-phones.jsonl', withoutPhones(lines))]);
    expect(refused.code, refused.stderr).toBe(3);
    const runId = (JSON.parse(refused.stdout) as { runId: string }).runId;
    const run = await operator.get(`/console/ops/runs/${runId}`);
    expect(run.text).toMatch(/<th scope="row"[^>]*>field-loss<\/th><td[^>]*><span class="badge revoked">fail<\/span><\/td><td[^>]*>phone lost by \d+ of \d+ kept places \([\d.]+%; kept places with it [\d.]+% now → [\d.]+% in the candidate\)/);
    // What the gate read: the kept places' phone share now and in the candidate, how many lost it, the new places' share.
    expect(run.text).toMatch(/<caption>\d+ places kept from the current snapshot \(same id\), 0 new places<\/caption>.*?<tbody><tr><th scope="row"[^>]*><code>phone<\/code><\/th><td class="num"[^>]*>[\d.]+%<\/td><td class="num"[^>]*>[\d.]+%<\/td><td class="num"[^>]*>[1-9]\d*<\/td><td class="num"[^>]*>—<\/td><\/tr>/s);
    // Worst first: phone heads the table with its loss.
    const table = run.text.slice(run.text.indexOf('<h2>Fields</h2>'));
    expect(table).toMatch(/against \d+ now<\/caption>.*?<tbody><tr><th scope="row"[^>]*><code>phone<\/code><\/th><td class="num"[^>]*>[\d.]+%<\/td><td class="num"[^>]*>[\d.]+%<\/td><td class="num"[^>]*>−[\d.]+ pts<\/td>/s);
    const held = await operator.get('/console/ops/held');
    expect(held.text).toContain(runId);
    expect(held.text).toMatch(/field-loss/);
    const report = await operator.get(`/console/ops/runs/${runId}/report`);
    expect(report.text).toMatch(/<h2>Fields<\/h2>/);
    expect(report.text).toMatch(/<td><code>phone<\/code><\/td>/);
    expect(report.text).toMatch(/<h3>Places kept and new places<\/h3>.*?<tbody><tr><td><code>phone<\/code><\/td><td class="n">[\d.]+%<\/td><td class="n">[\d.]+%<\/td><td class="n warn">[1-9]\d*<\/td>/s);
  }, 120_000);
});
