// The one way instants and durations are written for people: UTC (the server does not know the reader's zone), ISO order.

export interface TimeOptions {
  /** Show seconds (run pages, reports); default minutes. */
  seconds?: boolean;
  /** Text for a missing or unreadable instant. */
  empty?: string;
}

/** "2026-11-25 16:27 UTC", or with seconds "2026-11-25 16:27:21 UTC". */
export function formatTime(at: string | number | Date | null | undefined, options: TimeOptions = {}): string {
  const empty = options.empty ?? '—';
  if (at === null || at === undefined || at === '') return empty;
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return empty;
  return `${date.toISOString().slice(0, options.seconds ? 19 : 16).replace('T', ' ')} UTC`;
}

/** The day only: "2026-11-25". */
export function formatDay(at: string | number | Date | null | undefined, empty = '—'): string {
  if (at === null || at === undefined || at === '') return empty;
  const date = at instanceof Date ? at : new Date(at);
  return Number.isNaN(date.getTime()) ? empty : date.toISOString().slice(0, 10);
}

/** A duration in the two largest units: 850 → "0.9 s", 65_000 → "1 min 5 s", 7_380_000 → "2 h 3 min", 2 days → "2 d 0 h". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 10_000) return `${(Math.round(ms / 100) / 10).toString()} s`;
  const s = Math.round(ms / 1000);
  const parts: [number, string][] = [
    [Math.floor(s / 86_400), 'd'],
    [Math.floor((s % 86_400) / 3600), 'h'],
    [Math.floor((s % 3600) / 60), 'min'],
    [s % 60, 's'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  return parts
    .slice(first, first + 2)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}

/** The time between two instants, or null while one is missing. */
export function formatElapsed(from: string | null | undefined, to: string | null | undefined): string | null {
  if (!from || !to) return null;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isNaN(ms) ? null : formatDuration(ms);
}
