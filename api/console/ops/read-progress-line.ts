// Reads back one stderr line of a child `lodging import --progress json`: a progress event, or null for any other line.
import { progressFigures, type ProgressEvent, type ProgressFigures } from '../../../pipeline/index.ts';

export type { ProgressEvent, ProgressFigures };

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
