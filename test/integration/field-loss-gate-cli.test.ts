// Through the CLI: an export whose kept places lose most phones is refused by the field-loss gate (exit 3, field and shares named), then forced; a country that grows by places without phones publishes.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessCli } from '../support/publication-kit.ts';
import { generateListingLines } from '../../pipeline/generate/generate-listings.ts';
import type { FieldQuality } from '../../pipeline/gates/field-quality.ts';
import type { GateResult } from '../../pipeline/gates/gates.ts';
import { readPointer } from '../../pipeline/snapshot/snapshot-pointer.ts';
import { readReportJson } from '../../pipeline/runs/run-store.ts';
import type { PublicationReport } from '../../pipeline/report/publication-report.ts';

let dir: string;
const dataDir = () => path.join(dir, 'data');

const run = inProcessCli(() => ({ LODGING_DATA_DIR: dataDir(), LODGING_THREADS: '0' }));

const lines = [...generateListingLines({ country: 'es', count: 300, seed: 1 })];
/** The same export with the phone removed from four lines in five (the generator's deliberately broken lines kept as they are). */
const withoutPhones = lines.map((line, i) => {
  if (i % 5 === 0) return line;
  try {
    const { phone: _phone, ...rest } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return line;
  }
});
const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The next 300 places of the same country, none with a phone or a website: a second region's export. */
const newRegion = [...generateListingLines({ country: 'es', count: 600, seed: 1 })].slice(300).map((line) => {
  try {
    const { phone: _phone, phones: _phones, website: _website, ...rest } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return line;
  }
});

let full: string;
let partial: string;
let region: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodging-field-loss-'));
  full = path.join(dir, 'es.jsonl');
  partial = path.join(dir, 'es-without-phones.jsonl');
  await fs.writeFile(full, `${lines.join('\n')}\n`);
  await fs.writeFile(partial, `${withoutPhones.join('\n')}\n`);
  region = path.join(dir, 'es-new-region.jsonl');
  await fs.writeFile(region, `${newRegion.join('\n')}\n`);
  const first = await run(['import', '--country', 'es', full]);
  expect(first.code, first.stderr).toBe(0);
}, 60_000);
afterAll(async () => fs.rm(dir, { recursive: true, force: true }));

describe('the field-loss gate through `lodging import`', () => {
  it('refuses an export with phones removed from most lines (exit 3), naming phone and both shares; --force --reason publishes it', async () => {
    const before = readPointer(dataDir(), 'es')!;
    const refused = await run(['import', '--country', 'es', '--json', partial]);
    expect(refused.code, refused.stderr).toBe(3);
    const json = JSON.parse(refused.stdout) as { runId: string; outcome: string; gates: GateResult[]; fieldQuality: FieldQuality };
    expect(json.outcome).toBe('refused');
    expect(json.fieldQuality.rows[0]!.field).toBe('phone');
    const kept = json.fieldQuality.kept!;
    const phone = kept.fields.find((f) => f.field === 'phone')!;
    expect(phone.lost / kept.kept).toBeGreaterThan(0.2);
    const gate = json.gates.find((g) => g.gate === 'field-loss')!;
    expect(gate.status).toBe('fail');
    expect(gate.measured).toBe(phone.lost / kept.kept);
    expect(gate.detail).toContain(
      `phone lost by ${phone.lost} of ${kept.kept} kept places (${pct(phone.lost / kept.kept)}; kept places with it ${pct(phone.before / kept.kept)} now → ${pct(phone.after / kept.kept)} in the candidate)`,
    );
    expect(json.gates.find((g) => g.gate === 'published-drop')!.status).toBe('pass');
    expect(readPointer(dataDir(), 'es')!.version).toBe(before.version);

    // The terminal report says the same, with the field table worst first.
    const text = await run(['import', '--country', 'es', '--dry-run', partial]);
    expect(text.code).toBe(3);
    expect(text.stdout).toMatch(/FAIL\s+field-loss\s+[\d.]+%\s+phone lost by \d+ of \d+ kept places \(\d+\.\d%; kept places with it \d+\.\d% now → \d+\.\d% in the candidate\)/);
    expect(text.stdout).toMatch(/Fields of the \d+ places it would publish, worst first[^\n]*\n[^\n]*\n\s+phone\s/);

    // A higher limit for one import lets it through (a dry run: nothing published).
    expect((await run(['import', '--country', 'es', '--dry-run', '--max-field-loss', '0.9', partial])).code).toBe(0);

    const stillRefused = await run(['publish', json.runId]);
    expect(stillRefused.code).toBe(3);
    const forced = await run(['publish', json.runId, '--force', '--reason', 'the provider dropped phones on purpose']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readPointer(dataDir(), 'es')!.version).not.toBe(before.version);
    const report = readReportJson<PublicationReport>(dataDir(), json.runId)!;
    expect(report.forced?.reason).toBe('the provider dropped phones on purpose');
    expect(report.fieldQuality?.rows[0]?.field).toBe('phone');
  }, 120_000);

  it('an import forced at once publishes and records why', async () => {
    const again = await run(['import', '--country', 'es', '--force', '--reason', 'phones are back', full]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/phone\s+\d+\s+\d+\.\d%\s+\d+\.\d%\s+\+\d+\.\d pts/);
  }, 60_000);

  it('a country that grows by places without phones or websites publishes: no kept place lost one; the new places are named with their own shares', async () => {
    const before = readPointer(dataDir(), 'es')!;
    const grown = await run(['import', '--country', 'es', '--json', full, region]);
    expect(grown.code, grown.stdout).toBe(0);
    const json = JSON.parse(grown.stdout) as { outcome: string; gates: GateResult[]; fieldQuality: FieldQuality };
    expect(json.outcome).toBe('published');
    expect(readPointer(dataDir(), 'es')!.version).not.toBe(before.version);
    // The whole country's phone share falls by far more than the limit: what the gate used to refuse on.
    const phoneRow = json.fieldQuality.rows.find((r) => r.field === 'phone')!;
    expect(phoneRow.currentShare! - phoneRow.share).toBeGreaterThan(0.2);
    const kept = json.fieldQuality.kept!;
    expect(kept.kept).toBe(before.publishedCount);
    expect(kept.newPlaces).toBeGreaterThanOrEqual(100);
    const phone = kept.fields.find((f) => f.field === 'phone')!;
    expect([phone.lost, phone.newFilled]).toEqual([0, 0]);
    const gate = json.gates.find((g) => g.gate === 'field-loss')!;
    expect([gate.status, gate.measured]).toEqual(['warn', 0]);
    expect(gate.detail).toContain(`none of the ${kept.kept} kept places lost a field; ${kept.newPlaces} new places fill less (a warning, never a refusal): `);
    expect(gate.detail).toContain(`phone 0.0% (kept places ${pct(phone.after / kept.kept)})`);
  }, 60_000);
});
