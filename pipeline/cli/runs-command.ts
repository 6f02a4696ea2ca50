// `lodging runs [--country CC] [--json]`, `lodging runs show RUN_ID [--json]`, `lodging runs discard RUN_ID`: the run history.
import { parseArgs } from 'node:util';
import { discardRun } from '../publish/publish-held-run.ts';
import { formatGate } from '../report/format-publication.ts';
import { isHeld, type RunRecord } from '../runs/run-record.ts';
import { publishedCountText, runAsJson } from '../runs/publish-wording.ts';
import { openSnapshotStore } from '../distribution/open-snapshot-store.ts';
import { COUNTRY_CODES, isCountryCode, type CountryCode } from '../../model/place.ts';
import { parseConfig } from '../../platform/environment.ts';
import { UsageError, type CliIo } from '../../platform/cli-io.ts';

export const RUNS_USAGE = `usage: lodging runs [--country CC] [--json]
       lodging runs show RUN_ID [--json]
       lodging runs discard RUN_ID
  The import run history in $LODGING_DATA_DIR/runs (in NATS, shared by every machine, with LODGING_SNAPSHOT_STORE):
  outcome (published, refused, dry-run, failed, discarded, expired, superseded), counts, gates, report.
  \`discard\` drops a held candidate (refused or dry run). A run whose process died (crash, kill) shows as failed.`;

export async function runRunsCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { country: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const config = parseConfig(io.env);
  const [action, runId, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(' ')}`);
  const country = values.country?.toLowerCase();
  if (country !== undefined && !isCountryCode(country)) throw new UsageError(`--country must be one of ${COUNTRY_CODES.join(', ')}`);
  if (action !== undefined && runId === undefined) throw new UsageError(`give the RUN_ID: lodging runs ${action} RUN_ID`);
  if (action !== undefined && action !== 'show' && action !== 'discard') throw new UsageError(`unknown action "${action}": show or discard`);
  // The history of the configured snapshot store: this data directory's, or the one every machine shares.
  const store = await openSnapshotStore(config, 'lodging-runs');
  try {
    const history = store.runs(config.dataDir);
    if (action === undefined) {
      const runs = await history.list(country ? { country: country as CountryCode } : {});
      io.stdout(values.json ? `${JSON.stringify(runs.map(runAsJson), null, 2)}\n` : formatRunList(runs));
    } else if (action === 'show') {
      const run = await history.read(runId!);
      io.stdout(values.json ? `${JSON.stringify(runAsJson(run), null, 2)}\n` : formatRun(run, await history.reportFile(run.runId)));
    } else {
      const run = await discardRun(config.dataDir, runId!, { keep: config.keepSnapshots, store });
      io.stdout(`discarded the held candidate ${run.candidate?.version} of run ${run.runId} (${run.country}); nothing else changed\n`);
    }
    return 0;
  } finally {
    await store.close();
  }
}

function outcomeOf(run: RunRecord): string {
  if (run.outcome === 'published' && run.forced) return 'published (forced)';
  if (isHeld(run)) return `${run.outcome} (held)`;
  return run.outcome;
}

function formatRunList(runs: RunRecord[]): string {
  if (runs.length === 0) return 'no runs yet\n';
  const rows = runs.map((r) => [
    r.runId,
    r.country,
    outcomeOf(r),
    r.runner,
    r.startedAt.replace('T', ' ').slice(0, 19),
    r.counts ? (r.outcome === 'published' ? String(r.counts.byStatus.published) : publishedCountText(r.outcome, r.counts.byStatus.published)) : '-',
    r.counts ? String(r.counts.lines) : '-',
    r.files.map((f) => f.name).join(','),
  ]);
  const head = ['RUN', 'CC', 'OUTCOME', 'RUNNER', 'STARTED (UTC)', 'PUBLISHED', 'LINES', 'FILES'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return `${[head, ...rows].map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n')}\n`;
}

function formatRun(run: RunRecord, reportFile: string | null): string {
  const out = [
    `run ${run.runId}  ${run.country}  ${outcomeOf(run)}`,
    `  runner ${run.runner}${run.dryRun ? ' (dry run)' : ''}, by ${run.by}, pid ${run.pid} on ${run.host}`,
    `  started ${run.startedAt}, finished ${run.finishedAt ?? '-'}`,
    ...run.files.map((f) => `  file ${f.path}  ${f.size} bytes  sha256 ${f.sha256 || '(unreadable)'}`),
  ];
  if (run.counts) {
    const s = run.counts.byStatus;
    out.push(`  ${run.counts.lines} lines, ${run.counts.badLines} unreadable; ${run.outcome === 'published' ? `published ${s.published}` : publishedCountText(run.outcome, s.published)}, closed ${s.closed}, suppressed ${s.suppressed}, rejected ${s.rejected}`);
  }
  if (run.candidate) out.push(`  candidate ${run.candidate.version}${run.candidate.heldUntil ? `, held until ${run.candidate.heldUntil}` : ''}`);
  if (run.publishedVersion) out.push(`  published snapshot ${run.publishedVersion}`);
  if (run.forced) out.push(`  FORCED by ${run.forced.by}: ${run.forced.reason}`);
  if (run.error) out.push(`  error: ${run.error}`);
  if (run.gates) {
    out.push('  gates:');
    for (const g of run.gates) out.push(`  ${formatGate(g)}`);
  }
  out.push('  events:');
  for (const e of run.events) out.push(`    ${e.at}  ${e.what}  by ${e.by}${e.detail ? `: ${e.detail}` : ''}`);
  if (reportFile) out.push(`  report: ${reportFile}`);
  return `${out.join('\n')}\n`;
}
