// The machine-readable progress of `lodging import --progress json`: one JSON object per stderr line, read back by the console.
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

const PHASES = new Set(['reading', 'publishing', 'done']);
const count = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** A progress event, or null for any other line (a plain message, a stack trace): never throws. */
export function parseProgressLine(line: string): ProgressEvent | null {
  const text = line.trim();
  if (!text.startsWith('{"event":')) return null;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (value.event === 'started' && typeof value.runId === 'string') return { event: 'started', runId: value.runId };
  if (value.event === 'notice' && typeof value.text === 'string') return { event: 'notice', text: value.text };
  if (
    value.event === 'progress' &&
    PHASES.has(value.phase as string) &&
    count(value.linesRead) &&
    count(value.listingsWritten) &&
    count(value.bytesRead) &&
    count(value.bytesTotal)
  ) {
    return { event: 'progress', ...progressFigures(value as unknown as ProgressFigures) };
  }
  return null;
}
