// Looks at a sealed candidate against the snapshot serving its country now: gates, diff, rejected lines.
import path from 'node:path';
import { readPointer } from '../snapshot/snapshot-pointer.ts';
import { snapshotPath, snapshotsDir } from '../snapshot/snapshot-paths.ts';
import type { CountryCode } from '../../model/place.ts';
import type { SnapshotInfo } from '../snapshot/reader-types.ts';
import { readRejectedLines, type RejectedLine } from '../snapshot/candidate-rejections.ts';
import { evaluateGates, type GateThresholds, type GateVerdict } from '../gates/gates.ts';
import { diffSnapshots, type SnapshotDiff } from '../snapshot/snapshot-diff.ts';
import { readFieldFill } from '../snapshot/field-fill.ts';
import { measureKeptFieldFill } from '../snapshot/kept-field-fill.ts';
import { fieldQuality, type FieldQuality } from '../gates/field-quality.ts';
import { checkRemoval, type RemovalCheck } from './removal-check.ts';

/** The counts of the run that built the candidate that the gates read (a run record's counts fit). */
export interface CandidateCounts {
  lines: number;
  badLines: number;
  byStatus: { rejected: number };
}

export interface CandidateReview {
  current: SnapshotInfo | null;
  verdict: GateVerdict;
  diff: SnapshotDiff;
  /** Each measured field's fill share against the current snapshot's, worst first; the kept and new places' fill. */
  fieldQuality: FieldQuality;
  rejectedLines: { lines: RejectedLine[]; total: number };
  /** The places served now that it would take away: publishing a drastic one asks for the remaining count. */
  removal: RemovalCheck;
}

export function candidateFile(dataDir: string, candidate: { file: string }): string {
  return path.join(snapshotsDir(dataDir), candidate.file);
}

export function reviewCandidate(
  dataDir: string,
  country: CountryCode,
  candidate: { file: string; publishedCount: number },
  counts: CandidateCounts,
  thresholds: GateThresholds,
): CandidateReview {
  const current = readPointer(dataDir, country);
  const file = candidateFile(dataDir, candidate);
  const currentFile = current ? snapshotPath(dataDir, country, current.version) : null;
  const candidateFill = readFieldFill(file);
  const currentFill = currentFile ? readFieldFill(currentFile) : null;
  const kept = currentFile && currentFill ? measureKeptFieldFill(file, currentFile, { candidate: candidateFill, current: currentFill }) : null;
  const quality = { ...fieldQuality(candidateFill, currentFill), kept };
  const verdict = evaluateGates(
    {
      lines: counts.lines,
      badLines: counts.badLines,
      rejected: counts.byStatus.rejected,
      published: candidate.publishedCount,
      currentPublished: current?.publishedCount ?? null,
      keptFields: kept,
    },
    thresholds,
  );
  const diff = diffSnapshots(file, current && currentFile ? { file: currentFile, version: current.version, publishedCount: current.publishedCount } : null);
  return { current, verdict, diff, fieldQuality: quality, rejectedLines: readRejectedLines(file), removal: checkRemoval(dataDir, country, candidate) };
}
