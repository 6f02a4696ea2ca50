// What every runner does before reading a line: validate the job, check the files, load the suppression list.
import { randomBytes } from 'node:crypto';
import { loadSuppressionFile, suppressionFilePath } from '../suppression/suppression-file.ts';
import type { SuppressionList } from '../normalise/suppression.ts';
import { distinctPlacesFilePath, loadDistinctPlacesFile } from '../suppression/distinct-places-file.ts';
import type { DistinctPlaces } from '../dedup/distinct-places.ts';
import { isCountryCode, COUNTRY_CODES, type CountryCode } from '../../model/place.ts';
import { statExportFiles } from '../sources/read-export.ts';
import { removeOrphanSnapshots } from '../snapshot/clean-orphan-snapshots.ts';
import type { ImportJob } from './runner.ts';
import { ImportError } from '../sources/import-error.ts';

export interface PreparedImport {
  country: CountryCode;
  files: string[];
  dataDir: string;
  runId: string;
  bytesTotal: number;
  suppression: SuppressionList;
  /** Pairs of ids an operator marked as different places (<dataDir>/distinct-places.txt). */
  distinct: DistinctPlaces;
  startedAt: Date;
}

export function makeRunId(now = new Date()): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
}

export async function prepareImport(job: ImportJob): Promise<PreparedImport> {
  const startedAt = new Date();
  const country = String(job.country).toLowerCase();
  if (!isCountryCode(country)) {
    throw new ImportError('unknown-country', `unknown country "${job.country}": expected one of ${COUNTRY_CODES.join(', ')}`);
  }
  if (job.files.length === 0) throw new ImportError('no-files', 'no export files given');
  const bytesTotal = await statExportFiles(job.files);
  const suppressionFile = job.suppressionFile ?? suppressionFilePath(job.dataDir);
  const parsed = await loadSuppressionFile(job.dataDir, suppressionFile);
  if (parsed.errors.length > 0) {
    const lines = parsed.errors.map((e) => `  line ${e.line}: ${e.message}`).join('\n');
    throw new ImportError(
      'bad-suppression-list',
      `the suppression list ${suppressionFile} has malformed lines; fix them before importing:\n${lines}`,
    );
  }
  const distinct = await loadDistinctPlacesFile(job.dataDir);
  if (distinct.errors.length > 0) {
    const lines = distinct.errors.map((e) => `  line ${e.line}: ${e.message}`).join('\n');
    throw new ImportError('bad-distinct-places', `the list of different places ${distinctPlacesFilePath(job.dataDir)} has malformed lines; fix them before importing:\n${lines}`);
  }
  // Files of an interrupted import (possibly hundreds of MB) go now, not after the next publication.
  removeOrphanSnapshots(job.dataDir);
  return {
    country,
    files: [...job.files],
    dataDir: job.dataDir,
    runId: job.runId ?? makeRunId(startedAt),
    bytesTotal,
    suppression: parsed.list,
    distinct: distinct.pairs,
    startedAt,
  };
}
