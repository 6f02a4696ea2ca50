// The data directory's files that hold secrets, hashes, sessions or client addresses: made readable by their owner only at every start.
import path from 'node:path';
import { restrictDatabaseFiles, restrictSecretsDirectory } from '../platform/private-files.ts';
import { consoleImportsPath } from './console/ops/sqlite-import-job-store.ts';
import { keysDatabasePath } from './keys/sqlite-key-store.ts';

/** keys.sqlite and console-imports.sqlite (with their WAL) 0600, secrets/ 0700 and its files 0600: old data directories too. */
export function restrictPrivateDataFiles(dataDir: string): void {
  restrictDatabaseFiles(keysDatabasePath(dataDir));
  restrictDatabaseFiles(consoleImportsPath(dataDir));
  restrictSecretsDirectory(path.join(dataDir, 'secrets'));
}
