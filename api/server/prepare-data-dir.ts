// The first step of a start: the data directory exists, its private files are private, and interrupted imports' files are gone.
import { mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import { removeOrphanSnapshots } from '../../pipeline/index.ts';
import { restrictPrivateDataFiles } from '../private-data-files.ts';

export function prepareDataDir(dataDir: string, logger: Logger): void {
  mkdirSync(dataDir, { recursive: true });
  restrictPrivateDataFiles(dataDir);
  const orphans = removeOrphanSnapshots(dataDir);
  if (orphans.error) logger.warn({ err: orphans.error }, 'orphan snapshot files could not be cleaned');
  else if (orphans.removed.length > 0) logger.info({ files: orphans.removed }, 'removed snapshot files of interrupted imports');
}
