// A build of `es` in a child process, killed with SIGKILL once it has written listings: what an interrupted import leaves behind.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { snapshotFileName } from '../../../../pipeline/snapshot/snapshot-paths.ts';

/** Resolves with the killed build's version; its file stays in the data directory. */
export async function killedBuild(dataDir: string): Promise<string> {
  const script = new URL('./abandoned-build-process.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const version = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.on('exit', (code) => reject(new Error(`build process exited early (${code})`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return version;
}

/** A killed build whose file is aged `ageMs` into the past (past a grace period); resolves with its file name. */
export async function agedKilledBuild(dataDir: string, ageMs: number): Promise<string> {
  const name = snapshotFileName('es', await killedBuild(dataDir));
  const past = new Date(Date.now() - ageMs);
  fs.utimesSync(path.join(dataDir, 'snapshots', 'es', name), past, past);
  return name;
}
