// Files only their owner may read or write: a SQLite store with the WAL and shared memory beside it, a directory of secrets.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIRECTORY_MODE = 0o700;

/** SQLite's own files beside a database: created with the database file's mode, so they follow it. */
const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'];

/**
 * Creates the database file 0600 before SQLite opens it (SQLite gives its WAL and shared memory file the database
 * file's mode), and makes an existing one and its companions 0600, whatever the umask was when they were made.
 */
export function preparePrivateDatabase(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  restrictDatabaseFiles(file);
}

/** An existing database and its companions made 0600; nothing is created. */
export function restrictDatabaseFiles(file: string): void {
  for (const candidate of [file, ...SQLITE_COMPANIONS.map((suffix) => `${file}${suffix}`)]) {
    if (existsSync(candidate)) chmodSync(candidate, PRIVATE_FILE_MODE);
  }
}

/** A directory of secrets made 0700 and every file in it 0600 (when it exists). */
export function restrictSecretsDirectory(dir: string): void {
  if (!existsSync(dir)) return;
  chmodSync(dir, PRIVATE_DIRECTORY_MODE);
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) chmodSync(file, PRIVATE_FILE_MODE);
  }
}
