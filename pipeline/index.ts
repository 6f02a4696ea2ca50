// The publication use cases: what the CLI commands and the operator console both call (one home, plain functions).
export { importWithGates, type ImportWithGatesOptions, type GatedImportResult } from './import-with-gates.ts';
export { publishHeldRun, discardRun, type HeldRunOptions } from './publish-held-run.ts';
export { rollback, listSnapshots, type RollbackResult, type SnapshotListing } from './rollback.ts';
export { listRuns, readRun, readReportJson, reportHtmlPath, UnknownRunError } from './run-store.ts';
export { renderReportHtml } from './report-html.ts';
export { CountryBusyError, countryLockHolder } from './country-lock.ts';
export { PublicationError } from './publication-errors.ts';
export { DEFAULT_GATE_THRESHOLDS, evaluateGates, type GateResult, type GateThresholds } from './gates.ts';
export { isHeld, type RunRecord, type RunOutcome } from './run-record.ts';
export type { PublicationReport } from './publication-report.ts';
export type { SnapshotDiff } from './snapshot-diff.ts';
