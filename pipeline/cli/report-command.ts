// `lodging report RUN_ID --html FILE` (or --json): a run's stored report, as one self-contained HTML page.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PublicationReport } from '../report/publication-report.ts';
import { renderReportHtml } from '../report/report-html.ts';
import { openSnapshotStore } from '../distribution/open-snapshot-store.ts';
import { parseConfig } from '../../platform/environment.ts';
import { UsageError, type CliIo } from '../../platform/cli-io.ts';

export const REPORT_USAGE = `usage: lodging report RUN_ID --html FILE
       lodging report RUN_ID --json
  Writes the run's report as one self-contained HTML page (inline SVG charts, no script, no network): gates with
  their values, the diff against the snapshot it was compared with, unknown labels, rejected lines.`;

export async function runReportCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { html: { type: 'string' }, json: { type: 'boolean', default: false } } });
  if (positionals.length !== 1) throw new UsageError('give one RUN_ID (see `lodging runs`)');
  if (values.html === undefined && !values.json) throw new UsageError('give --html FILE (or --json)');
  const config = parseConfig(io.env);
  const store = await openSnapshotStore(config, 'lodging-report');
  const history = store.runs(config.dataDir);
  const { run, report } = await (async () => {
    const found = await history.read(positionals[0]!);
    return { run: found, report: await history.readReport<PublicationReport>(found.runId) };
  })().finally(() => store.close());
  if (!report) {
    io.stderr(`lodging report: run ${run.runId} has no report (it ${run.outcome}${run.error ? `: ${run.error}` : ''})\n`);
    return 1;
  }
  if (values.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  if (values.html !== undefined) {
    const target = path.resolve(values.html);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, renderReportHtml(report));
    if (!values.json) io.stdout(`wrote ${target}\n`);
  }
  return 0;
}
