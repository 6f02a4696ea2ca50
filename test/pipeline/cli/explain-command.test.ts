// One truth per line: explain says what the report says about a duplicate, and every command a report suggests works as printed.
import { describe, expect, it } from 'vitest';
import { argvOf, workInExportFolder } from '../../support/export-folder.ts';
import { hotel, lodging, restaurant, writeLines } from '../../support/publication-kit.ts';

let dir: string;
let dataDir: string;
workInExportFolder('lodging-hints-', (folder, data) => ([dir, dataDir] = [folder, data]));

describe('lodging explain and the report agree', () => {
  it('a duplicate line: rejected, duplicate-provider-id, repeating line N', async () => {
    writeLines(dir, 'es.jsonl', [hotel('a'), hotel('b'), restaurant('c'), hotel('a', { name: 'Second a' }), hotel('d'), hotel('e')]);
    const imported = await lodging(dataDir, ['import', '--country', 'es', '--json', 'es.jsonl']);
    expect(imported.code, imported.stderr).toBe(0);
    const report = JSON.parse(imported.stdout) as { samples: { rejected: { file: string; line: number; reason: string; detail?: string }[] } };
    expect(report.samples.rejected).toContainEqual({ file: 'es.jsonl', line: 4, reason: 'duplicate-provider-id', detail: 'same providerId as es.jsonl:1' });

    const explained = await lodging(dataDir, ['explain', '--country', 'es', 'es.jsonl:4']);
    expect(explained.code).toBe(0);
    expect(explained.stdout).toMatch(/^status: rejected {2}\(duplicate-provider-id\)$/m);
    expect(explained.stdout).toContain('same providerId as es.jsonl:1');
    const json = JSON.parse((await lodging(dataDir, ['explain', '--country', 'es', '--json', 'es.jsonl:4'])).stdout) as {
      listing: { status: string; reasons: string[] };
      duplicateOf: { line: number };
    };
    expect(json.listing).toMatchObject({ status: 'rejected', reasons: ['duplicate-provider-id'] });
    expect(json.duplicateOf.line).toBe(1);
    // The line that keeps the id is published, as in the snapshot.
    expect((await lodging(dataDir, ['explain', '--country', 'es', 'es.jsonl:1'])).stdout).toMatch(/^status: published$/m);
  }, 60_000);

  it('every command a published, a refused and a dry-run report suggests runs exactly as printed', async () => {
    const nextSteps = (stdout: string) => stdout.split('\nNext:\n')[1]!.trim().split('\n').map((l) => l.trim());
    const runStep = async (step: string) => {
      const argv = argvOf(step);
      expect(argv.slice(0, 2)).toEqual(['npx', 'lodging']);
      const result = await lodging(dataDir, argv.slice(2));
      expect(result.code, `${step}\n${result.stderr}`).toBe(0);
    };
    const published = await lodging(dataDir, ['import', '--country', 'es', 'es.jsonl']);
    expect(published.code).toBe(0);
    expect(published.stdout).toContain('`npx lodging explain --country es FILE:LINE`');
    // report, rollback (to the import of the first test), explain
    for (const step of nextSteps(published.stdout)) await runStep(step);
    expect(nextSteps(published.stdout).some((s) => s.includes('rollback'))).toBe(true);

    writeLines(dir, 'bad.jsonl', [hotel('z'), ...Array.from({ length: 5 }, (_, i) => restaurant(`r${i}`))]);
    const refused = await lodging(dataDir, ['import', '--country', 'es', 'bad.jsonl']);
    expect(refused.code).toBe(3);
    // report, explain, then publish --force --reason "…" (discard would find it published)
    const refusedSteps = nextSteps(refused.stdout);
    for (const step of refusedSteps.filter((s) => !/runs discard|publish /.test(s))) await runStep(step);
    await runStep(refusedSteps.find((s) => s.includes('lodging publish '))!);

    const dry = await lodging(dataDir, ['import', '--country', 'es', '--dry-run', 'es.jsonl']);
    expect(dry.code).toBe(0);
    const drySteps = nextSteps(dry.stdout);
    for (const step of drySteps.filter((s) => !/publish /.test(s))) await runStep(step);
  }, 60_000);
});
