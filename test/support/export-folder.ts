// A suite that runs the CLI from a temporary export folder, as a data team does (paths in reports are as given); and printed commands read back as argv.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** Before all tests: a new folder (its data directory `data/` inside) made the working directory, handed to `ready`; after all: back, and removed. */
export function workInExportFolder(prefix: string, ready: (dir: string, dataDir: string) => void): void {
  const cwd = process.cwd();
  let dir: string | undefined;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    process.chdir(dir);
    ready(dir, path.join(dir, 'data'));
  });
  afterAll(() => {
    process.chdir(cwd);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
}

/** Splits a printed command line into argv (the hints and steps use plain words and '…' or "…" quoting only). */
export function argvOf(command: string): string[] {
  const words = command.match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
  return words.map((w) => w.replace(/^(['"])(.*)\1$/, '$2'));
}
