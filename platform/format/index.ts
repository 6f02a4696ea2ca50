// The formatters of numbers, sizes, instants and durations shown to people (console, reports, CLI).
export * from './number-format.ts';
export * from './time-format.ts';
