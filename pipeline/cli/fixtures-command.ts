// `lodging fixtures [--update]`: compares the reviewer fixtures with what the rules produce now, or rewrites the goldens.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildFixtureGolden, diffText, fixturePaths, type FixtureDiff } from '../fixtures/fixture-golden.ts';
import { COUNTRY_CODES } from '../../model/place.ts';
import type { CliIo } from '../../platform/cli-io.ts';

export const FIXTURES_USAGE = `usage: lodging fixtures [--update] [--dir fixtures]
  Normalises fixtures/<cc>/listings.jsonl and compares with the committed expected.json and report.json.
  --update rewrites the goldens and prints what changed, for review before committing.`;

export async function runFixturesCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { update: { type: 'boolean', default: false }, dir: { type: 'string', default: 'fixtures' } },
  });
  const root = path.resolve(values.dir!);
  const diffs: FixtureDiff[] = [];
  for (const country of COUNTRY_CODES) {
    const paths = fixturePaths(root, country);
    const golden = await buildFixtureGolden(paths);
    for (const [file, text] of [
      [paths.expected, golden.expected],
      [paths.report, golden.report],
    ] as const) {
      const before = await fs.readFile(file, 'utf8').catch(() => '');
      const diff = diffText(path.relative(process.cwd(), file), before, text);
      if (!diff) continue;
      diffs.push(diff);
      if (values.update) await fs.writeFile(file, text);
    }
  }
  for (const { diff } of diffs) io.stdout(diff);
  if (diffs.length === 0) {
    io.stdout('fixtures: every golden matches.\n');
    return 0;
  }
  io.stdout(
    values.update
      ? `fixtures: rewrote ${diffs.length} golden file(s); review the diff above before committing.\n`
      : `fixtures: ${diffs.length} golden file(s) differ; run \`npm run fixtures:update\` if the change is intended.\n`,
  );
  return values.update ? 0 : 1;
}
