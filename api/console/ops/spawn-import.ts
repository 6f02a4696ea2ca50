// The child of a console import: the `lodging import` command line for the job, started outside the API's event loop, its output read.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { CountryCode } from '../../../model/place.ts';
import { projectFile } from '../../../platform/project-files.ts';
import { arenaBoundEnv } from '../../../platform/malloc-arenas.ts';

export const DEFAULT_LODGING_BIN = projectFile('bin/lodging.js');
const PROJECT_ROOT = path.dirname(path.dirname(DEFAULT_LODGING_BIN));
/** The child's --json report is read only for its outcome: a bound keeps a huge report from growing the server. */
const MAX_STDOUT = 1024 * 1024;

export interface ImportCommand {
  country: CountryCode;
  files: string[];
  /** The names the run records each file by (an upload's original). */
  names: string[];
  dryRun: boolean;
  by: string;
  /** `--queue`: the work goes to BullMQ workers. */
  queue: boolean;
}

/** The arguments of `node`: the lodging executable, `import` with JSON progress on stderr and the report on stdout, then the files. */
export function importArgs(lodgingBin: string, command: ImportCommand): string[] {
  const args = [lodgingBin, 'import', '--country', command.country, '--json', '--progress', 'json', '--actor', command.by];
  if (command.queue) args.push('--queue');
  if (command.dryRun) args.push('--dry-run');
  // The run records each file by the name the operator knows (an upload's original), not its stored name.
  for (const name of command.names) args.push(`--name=${name}`);
  args.push('--', ...command.files);
  return args;
}

export interface ImportChildHandlers {
  /** Each line of stderr (progress events, notices, other text). */
  onLine(line: string): void;
  /** Once: the exit code (null when it could not start or was killed), its stdout (bounded), the start error if any. */
  onExit(code: number | null, stdout: string, error?: Error): void;
}

export interface SpawnOptions {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  lodgingBin?: string;
}

export function spawnImport(command: ImportCommand, options: SpawnOptions, handlers: ImportChildHandlers): ChildProcess {
  const child = spawn(process.execPath, importArgs(options.lodgingBin ?? DEFAULT_LODGING_BIN, command), {
    cwd: PROJECT_ROOT,
    env: { ...options.env, ...arenaBoundEnv(options.env), LODGING_DATA_DIR: options.dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    if (stdout.length < MAX_STDOUT) stdout += chunk;
  });
  createInterface({ input: child.stderr!, crlfDelay: Infinity }).on('line', handlers.onLine);
  child.on('error', (error) => handlers.onExit(null, stdout, error));
  child.on('close', (code) => handlers.onExit(code, stdout));
  return child;
}
