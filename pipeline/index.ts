// The one way into the pipeline for api/ (besides the snapshot reader): the read side and the operator use cases the CLI shares.

// Import runs: import with gates, publish or discard a held run; the progress lines a child `lodging import` prints.
export { importWithGates, type ImportWithGatesOptions, type GatedImportResult } from './publish/import-with-gates.ts';
export { publishHeldRun, discardRun, type HeldRunOptions } from './publish/publish-held-run.ts';
export { PublicationError } from './publish/publication-errors.ts';
export { checkRemoval, isDrasticRemoval, type RemovalCheck } from './publish/removal-check.ts';
export { progressFigures, type ProgressEvent, type ProgressFigures } from './cli/progress-line.ts';

// The run history and the country lock.
export { UnknownRunError, type RunStore } from './runs/run-store.ts';
export { isHeld, type RunRecord, type RunOutcome } from './runs/run-record.ts';
export { publicationCounts, publishedCountText, publishedPlacesText, publishedWord, runAsJson } from './runs/publish-wording.ts';
export { CountryBusyError, countryLockHolder } from './runs/country-lock.ts';

// Gates and reports.
export { DEFAULT_GATE_THRESHOLDS, evaluateGates, type GateResult, type GateThresholds } from './gates/gates.ts';
export { renderReportHtml } from './report/report-html.ts';
export type { PublicationReport } from './report/publication-report.ts';
export type { FieldQuality, FieldQualityRow } from './gates/field-quality.ts';
export { formatIssueCounts } from './report/format-field-quality.ts';
export { MISCOUNTED_ISSUES_NOTE } from './gates/field-quality.ts';
export { keptFieldRows } from './report/format-kept-fields.ts';
export type { KeptFieldFill } from './snapshot/kept-field-fill.ts';
export type { SnapshotDiff } from './snapshot/snapshot-diff.ts';
export { EVERY_RECORD_NOTE } from './snapshot/snapshot-diff.ts';

// Snapshots: list, roll back, a country at a glance, and the files of interrupted imports removed at start-up.
export { rollback, listSnapshots, type RollbackResult, type SnapshotListing } from './publish/rollback.ts';
export { moveDirection, MOVED, MOVE_NOUN, type MoveDirection } from './publish/move-direction.ts';
export { countryOverview, previewRollback, type CountryOverview, type RollbackPreview } from './publish/country-overview.ts';
export { removeOrphanSnapshots } from './snapshot/clean-orphan-snapshots.ts';
export { BoundedCache } from './snapshot/bounded-cache.ts';

// Where published snapshots live (this data directory, or NATS shared by every machine) and a serve process's follower.
export { lazySnapshotStore, openSnapshotStore, SigningRefusal, startReplicaFor } from './distribution/open-snapshot-store.ts';
export { localSnapshotStore, PointerMovedError, type SnapshotStore } from './publish/snapshot-store.ts';
export type { ReplicaStatus, SnapshotReplica } from './distribution/open-snapshot-store.ts';

// Label review: the unknown labels imports met, and mapping one into its language's table.
export {
  acceptLabel,
  COUNTRY_LANGUAGE,
  DEFAULT_LABELS_DIR,
  LabelReviewError,
  listUnknownLabels,
  NON_LODGING,
  parseAcceptArgument,
  type AcceptRequest,
  type AcceptResult,
  type LabelReviewProblem,
  type ReviewItem,
} from './labels/label-review.ts';
export { LABEL_LANGUAGES, type LabelLanguage } from './normalise/label-key.ts';
export { listNameSuggestions, type NameSuggestExample, type NameSuggestSighting } from './labels/name-suggest-review.ts';

// Suppressions: list, add, remove (with their checks).
export {
  MAX_SUPPRESSION_NOTE,
  MAX_SUPPRESSION_VALUE,
  SUPPRESSION_KINDS,
  SuppressionInputError,
  addSuppression,
  listSuppressions,
  removeSuppression,
  type SuppressionEntry,
  type SuppressionKind,
  type SuppressionListing,
  type SuppressionRequest,
} from './suppression/suppressions.ts';
export { demoListInForce, type DemoListInForce } from './suppression/lists-in-force.ts';

// The import queue: the name and BullMQ prefix `lodging import --queue` uses, for the console's dashboard.
export { DEFAULT_QUEUE_PREFIX, IMPORT_QUEUE_NAME, queuePrefixOf } from './jobs/queue-names.ts';


// Bulk exports: the manifest and files of a served version (built on first request when publishing did not write them).
export { ensureExports, keptVersion, readManifest, type KeptVersion } from './exports/build-exports.ts';
export { refusedExports } from './distribution/open-snapshot-store.ts';
export { exportFilePath } from './exports/export-paths.ts';
export {
  EXPORT_FORMATS,
  EXPORT_MEDIA_TYPES,
  manifestUnder,
  type ExportFormat,
  type ExportManifest,
  type ExportSettings,
} from './exports/export-manifest.ts';
export { exportSettingsOf } from './distribution/open-snapshot-store.ts';
