// Import progress: a bar on a terminal, plain lines (every 10%) in logs and pipes, JSON lines for the operator console.
import cliProgress from 'cli-progress';
import type { ImportProgress } from '../jobs/runner.ts';
import { formatProgressLine, progressFigures } from './progress-line.ts';
import type { CliIo } from '../../platform/cli-io.ts';

export type ProgressMode = 'auto' | 'json';

export interface ProgressDisplay {
  update(progress: ImportProgress): void;
  stop(): void;
}

/** At most this often a JSON progress line (and always at a phase change). */
const JSON_EVERY_MS = 200;

export function createProgressDisplay(io: CliIo, label: string, mode: ProgressMode = 'auto'): ProgressDisplay {
  if (mode === 'json') {
    let lastPhase = '';
    let lastAt = 0;
    return {
      update(p) {
        const now = Date.now();
        if (p.phase === lastPhase && now - lastAt < JSON_EVERY_MS) return;
        lastPhase = p.phase;
        lastAt = now;
        io.stderr(formatProgressLine({ event: 'progress', ...progressFigures(p) }));
      },
      stop() {},
    };
  }
  if (io.interactive) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {percentage}% | {lines} lines | {written} written | {phase} | ETA {eta_formatted}`,
        hideCursor: true,
        stream: process.stderr,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(p) {
        const payload = { lines: p.linesRead, written: p.listingsWritten, phase: p.phase };
        if (!started) {
          bar.start(Math.max(p.bytesTotal, 1), p.bytesRead, payload);
          started = true;
        }
        bar.update(p.phase === 'reading' ? p.bytesRead : p.bytesTotal, payload);
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let lastDecile = -1;
  let lastPhase = '';
  let lastAt = 0;
  return {
    update(p) {
      const decile = p.bytesTotal > 0 ? Math.floor((p.bytesRead / p.bytesTotal) * 10) : 0;
      // A line per 10% read, per phase change, and at least every 5 s while workers catch up (--queue).
      const quiet = Date.now() - lastAt < 5000;
      if (decile === lastDecile && p.phase === lastPhase && quiet) return;
      lastDecile = decile;
      lastPhase = p.phase;
      lastAt = Date.now();
      io.stderr(`${label}: ${p.phase} ${decile * 10}% (${p.linesRead} lines read, ${p.listingsWritten} written)\n`);
    },
    stop() {},
  };
}
