// Store files and secrets are readable by their owner only: keys.sqlite and console-imports.sqlite with their WAL, the secrets directory, old ones fixed at start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteImportJobStore, consoleImportsPath } from '../../api/console/ops/sqlite-import-job-store.ts';
import { createKey } from '../../api/keys/create-key.ts';
import { keysDatabasePath, openSqliteKeyStore } from '../../api/keys/sqlite-key-store.ts';
import { startServer } from '../../api/server.ts';
import { parseConfig } from '../../platform/environment.ts';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const sqliteFiles = (file: string) => [file, `${file}-wal`, `${file}-shm`].filter((f) => fs.existsSync(f));

let dataDir: string;
let umask: number;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodging-modes-'));
  umask = process.umask(0o022); // the usual default: files 0644 unless the code says otherwise
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a new store file', () => {
  it('keys.sqlite and its WAL are 0600 from the start', async () => {
    const store = openSqliteKeyStore(keysDatabasePath(dataDir));
    try {
      await createKey(store, { accountId: 'acct_modes', name: 'k' });
      const files = sqliteFiles(keysDatabasePath(dataDir));
      expect(files.length).toBeGreaterThanOrEqual(2);
      for (const file of files) expect([path.basename(file), modeOf(file).toString(8)]).toEqual([path.basename(file), '600']);
    } finally {
      await store.close();
    }
  });

  it('console-imports.sqlite and its WAL are 0600 from the start', async () => {
    const store = openSqliteImportJobStore(consoleImportsPath(dataDir));
    try {
      for (const file of sqliteFiles(consoleImportsPath(dataDir))) expect([path.basename(file), modeOf(file).toString(8)]).toEqual([path.basename(file), '600']);
    } finally {
      await store.close();
    }
  });
});

describe('existing files', () => {
  it('are made private when the server starts: store files 0600, the secrets directory 0700 and its files 0600', async () => {
    const keys = keysDatabasePath(dataDir);
    const store = openSqliteKeyStore(keys);
    await createKey(store, { accountId: 'acct_modes', name: 'k' });
    await store.close();
    fs.writeFileSync(`${keys}-wal`, '', { flag: 'a' });
    for (const file of sqliteFiles(keys)) fs.chmodSync(file, 0o644);
    const secrets = path.join(dataDir, 'secrets');
    fs.mkdirSync(secrets, { mode: 0o755 });
    fs.chmodSync(secrets, 0o755);
    fs.writeFileSync(path.join(secrets, 'cursor-secret'), 'c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2U\n', { mode: 0o644 });
    fs.writeFileSync(path.join(secrets, 'console-sign-in.json'), '{}\n', { mode: 0o644 });

    const server = await startServer(parseConfig({ LODGING_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }), { host: '127.0.0.1' });
    await server.close();
    for (const file of sqliteFiles(keys)) expect([path.basename(file), modeOf(file).toString(8)]).toEqual([path.basename(file), '600']);
    expect(modeOf(secrets).toString(8)).toBe('700');
    for (const name of fs.readdirSync(secrets)) expect([name, modeOf(path.join(secrets, name)).toString(8)]).toEqual([name, '600']);
  });
});
