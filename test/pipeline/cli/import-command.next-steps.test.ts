// Every "Next:" step an import prints runs exactly as printed: after a first import, a second, a refusal and dry runs.
import { beforeAll, describe, expect, it } from 'vitest';
import { argvOf, workInExportFolder } from '../../support/export-folder.ts';
import { hotel, lodging, restaurant, writeLines } from '../../support/publication-kit.ts';

let dir: string;
let dataDir: string;
workInExportFolder('lodging-next-steps-', (folder, data) => ([dir, dataDir] = [folder, data]));

beforeAll(() => {
  writeLines(dir, 'es.jsonl', [hotel('a'), hotel('b'), restaurant('c'), hotel('d'), hotel('e')]);
  writeLines(dir, 'es-more.jsonl', [hotel('a'), hotel('b'), restaurant('c'), hotel('d'), hotel('e'), hotel('f')]);
  // Mostly not lodging: the rejected-share gate refuses it, and it would take most of the country away.
  writeLines(dir, 'bad.jsonl', [hotel('z'), ...Array.from({ length: 5 }, (_, i) => restaurant(`r${i}`))]);
});

const nextSteps = (stdout: string) => stdout.split('\nNext:\n')[1]!.trim().split('\n').map((l) => l.trim());

async function runStep(step: string): Promise<void> {
  const argv = argvOf(step);
  expect(argv.slice(0, 2)).toEqual(['npx', 'lodging']);
  const result = await lodging(dataDir, argv.slice(2));
  expect(result.code, `${step}\n${result.stdout}\n${result.stderr}`).toBe(0);
}

async function importSteps(argv: string[], code: number): Promise<string[]> {
  const result = await lodging(dataDir, ['import', '--country', 'es', ...argv]);
  expect(result.code, result.stderr).toBe(code);
  return nextSteps(result.stdout);
}

describe('the next steps an import prints', () => {
  it('after a first import: no rollback (nothing to roll back to); every step printed works', async () => {
    const steps = await importSteps(['es.jsonl'], 0);
    expect(steps.some((s) => s.includes('rollback'))).toBe(false);
    expect(steps.some((s) => s.includes('explain'))).toBe(true);
    for (const step of steps) await runStep(step);
  }, 60_000);

  it('after a second import: rollback is offered and works, like every other step', async () => {
    const steps = await importSteps(['es-more.jsonl'], 0);
    expect(steps).toContain('npx lodging rollback --country es');
    for (const step of steps) await runStep(step);
  }, 60_000);

  it('a refused import: its publish step (with --force and the remaining count) works; so does discard, on a second refusal', async () => {
    const printed = await lodging(dataDir, ['import', '--country', 'es', '--dry-run', 'bad.jsonl']);
    // Before any --force: an import replaces the whole country, and a country's files go together in one import.
    const note = printed.stdout.indexOf('Note: An import replaces the whole of es: places served now that its files do not contain are removed');
    expect(note).toBeGreaterThan(-1);
    expect(printed.stdout.slice(note)).toMatch(/^Note: [^\n]*Give all of a country's files together in one import[^\n]*\nNext:\n(?:.*\n)*.*--force/);
    const steps = await importSteps(['bad.jsonl'], 3);
    expect(steps.find((s) => s.includes('lodging publish '))).toMatch(/--force --reason "why it is safe" --confirm-remaining 1$/);
    for (const step of steps.filter((s) => !s.includes('runs discard'))) await runStep(step);
    const again = await importSteps(['bad.jsonl'], 3);
    for (const step of again.filter((s) => !s.includes('lodging publish '))) await runStep(step);
  }, 60_000);

  it('a dry run the gates would refuse suggests publishing with --force; one they pass, without', async () => {
    const refusing = await importSteps(['--dry-run', 'es.jsonl', 'bad.jsonl'], 3);
    const publish = refusing.find((s) => s.includes('lodging publish '))!;
    expect(publish).toContain('--force --reason');
    for (const step of refusing.filter((s) => !s.includes('runs discard'))) await runStep(step);

    const passing = await importSteps(['--dry-run', 'es-more.jsonl'], 0);
    expect(passing.find((s) => s.includes('lodging publish '))).not.toContain('--force');
    for (const step of passing.filter((s) => !s.includes('runs discard'))) await runStep(step);
  }, 60_000);

  it('an export of mostly Portuguese addresses imported as es: the report names Portugal and the first step imports it with --country pt', async () => {
    const pt = (id: string) => hotel(id, { address: { city: 'Lisboa', countryCode: 'PT' }, phone: '+351 21 342 1234' });
    writeLines(dir, 'campings pt.jsonl', [pt('p1'), pt('p2'), pt('p3'), hotel('s1')]);
    const result = await lodging(dataDir, ['import', '--country', 'es', '--dry-run', 'campings pt.jsonl']);
    expect(result.stdout).toContain('Note: 3 of 4 listings have an address in Portugal (pt), not in Spain: this looks like an export of pt; import it with --country pt.');
    const steps = nextSteps(result.stdout);
    expect(steps[0]).toBe("npx lodging import --country pt 'campings pt.jsonl'");
    for (const step of steps.filter((s) => !/lodging publish |runs discard/.test(s))) await runStep(step);
  }, 60_000);
});
