// Writes processed chunks into the snapshot builder and the report, resolving duplicate ids the same way for every runner.
import { ReportAccumulator } from '../report/report-accumulator.ts';
import type { SnapshotBuilder } from '../snapshot/snapshot-types.ts';
import type { PreparedImport } from './prepare-import.ts';
import type { ImportResult } from './runner.ts';
import type { ChunkItem } from './process-chunk.ts';

export class SnapshotSink {
  readonly report = new ReportAccumulator();
  written = 0;

  constructor(private readonly builder: SnapshotBuilder) {}

  write(items: readonly ChunkItem[]): void {
    this.report.countLines(items.length);
    for (const item of items) {
      this.written += 1;
      if (item.kind === 'bad-line') {
        this.builder.addRejectedLine(item.source, item.reason, item.excerpt);
        this.report.addBadLine(item.source, item.reason, item.detail);
        continue;
      }
      if (item.kind === 'no-id') {
        this.builder.addRejectedLine(item.summary.source, item.summary.reasons.join(','), item.excerpt);
        this.report.addListing(item.summary);
        continue;
      }
      const { summary, source } = item.record;
      const outcome = this.builder.addRecord(item.record);
      if (outcome.kind === 'added') this.report.addListing(summary);
      else if (outcome.kind === 'duplicate') this.report.addDuplicate(source, outcome.of);
      else {
        this.report.addListing(outcome.loser, -1);
        this.report.addDuplicate(outcome.loser.source, source);
        this.report.addListing(summary);
      }
    }
  }

  /**
   * Publishes the snapshot (once) and closes the report: the last step of every runner. With candidateOnly the
   * snapshot is sealed but not served (report.snapshot stays null): the publication gates decide (pipeline/gates/).
   */
  publish(prepared: PreparedImport, runner: string, candidateOnly = false): ImportResult {
    const sealed = candidateOnly ? this.builder.seal() : this.builder.publish();
    const report = this.report.finish({
      runId: prepared.runId,
      runner,
      country: prepared.country,
      files: prepared.files,
      startedAt: prepared.startedAt,
      finishedAt: new Date(),
      snapshot: candidateOnly ? null : sealed,
      samePlaces: this.builder.samePlaces,
      portalWebsites: this.builder.portalWebsites,
    });
    return candidateOnly ? { report, candidate: sealed } : { report };
  }
}
