// The machine-readable progress of `lodging import --progress json`: one JSON object per stderr line (the console reads it back).
export interface ProgressFigures {
  phase: 'reading' | 'publishing' | 'done';
  linesRead: number;
  listingsWritten: number;
  bytesRead: number;
  bytesTotal: number;
  /** Share of the input read, 0..100 (what the CLI's bar shows). */
  percent: number;
}

export type ProgressEvent =
  | ({ event: 'progress' } & ProgressFigures)
  /** The run is recorded in the run history: its id links the live page to the run's report. */
  | { event: 'started'; runId: string }
  /** A line a person should read while the run waits (e.g. no queue worker connected). */
  | { event: 'notice'; text: string };

export function progressFigures(p: Omit<ProgressFigures, 'percent'>): ProgressFigures {
  const percent = p.phase === 'reading' ? (p.bytesTotal > 0 ? Math.min(100, Math.floor((p.bytesRead / p.bytesTotal) * 100)) : 0) : 100;
  return { phase: p.phase, linesRead: p.linesRead, listingsWritten: p.listingsWritten, bytesRead: p.bytesRead, bytesTotal: p.bytesTotal, percent };
}

export function formatProgressLine(event: ProgressEvent): string {
  return `${JSON.stringify(event)}\n`;
}
