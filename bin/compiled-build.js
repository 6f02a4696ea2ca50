// The compiled build in dist/: whether it is current with the sources, and an incremental rebuild behind a lock.
// Plain JavaScript: it runs before any TypeScript can. `node bin/compiled-build.js` builds when stale (npm's prepare).
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(ROOT, 'dist');
/** Its mtime is the moment the last successful build STARTED: a source saved during a build counts as newer. */
const STAMP = path.join(DIST, '.build-stamp');
const LOCK = path.join(DIST, '.build-lock');
/** What the build reads: the source folders, the compiler settings, and every project file tsc recorded (the JSON imported from data/). */
const SOURCE_FOLDERS = ['model', 'platform', 'pipeline', 'api', 'bin'];
const SOURCE_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json'];
const SOURCE_FILE = /\.(ts|mts|json)$/;
const LOCK_STALE_MS = 10 * 60_000;

function newestMtime(dir, newest) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return newest;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = newestMtime(full, newest);
    else if (SOURCE_FILE.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** The newest modification time of any file the build reads. */
export function newestSourceMtime(root = ROOT) {
  let newest = 0;
  for (const folder of SOURCE_FOLDERS) newest = newestMtime(path.join(root, folder), newest);
  for (const file of SOURCE_FILES) newest = Math.max(newest, statSync(path.join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? 0);
  for (const file of recordedInputs(root)) {
    // A recorded input that is gone counts as changed: whatever imported it has changed too.
    newest = Math.max(newest, statSync(path.join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? Infinity);
  }
  return newest;
}

/** The project's files (not node_modules) that the last build read, from tsc's own record of it. */
function recordedInputs(root) {
  let fileNames;
  try {
    fileNames = JSON.parse(readFileSync(path.join(root, 'dist', '.tsbuildinfo'), 'utf8')).fileNames;
  } catch {
    return [];
  }
  if (!Array.isArray(fileNames)) return [];
  return fileNames
    .map((name) => path.relative(root, path.resolve(root, 'dist', name)))
    .filter((file) => !file.startsWith('..') && !file.split(path.sep).includes('node_modules'));
}

/** 'current', 'stale' (sources edited since the build started) or 'missing' (never built). */
export function buildState(root = ROOT) {
  const stamp = statSync(path.join(root, 'dist', '.build-stamp'), { throwIfNoEntry: false });
  if (!stamp) return 'missing';
  return newestSourceMtime(root) <= stamp.mtimeMs ? 'current' : 'stale';
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Takes the build lock (a directory: atomic on every filesystem), waiting for another build to finish first. */
function acquireLock() {
  mkdirSync(DIST, { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const held = statSync(LOCK, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      else sleep(250);
    }
  }
}

/**
 * Builds dist/ incrementally (tsc -p tsconfig.build.json) unless it is current; the compiler's output goes to stderr.
 * Returns null on success, or one line saying why the build could not be made.
 */
export function ensureBuild({ quiet = false } = {}) {
  if (buildState() === 'current') return null;
  acquireLock();
  try {
    // Another process may have built it while this one waited for the lock.
    if (buildState() === 'current') return null;
    let tsc;
    try {
      tsc = createRequire(path.join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
    } catch {
      return 'the TypeScript compiler is not installed (npm install)';
    }
    if (!quiet) process.stderr.write('lodging: sources changed since the last build: compiling to dist/ (tsc -p tsconfig.build.json)…\n');
    const started = new Date();
    const result = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.build.json')], {
      cwd: ROOT,
      stdio: ['ignore', quiet ? 'ignore' : 2, 2],
    });
    if (result.status !== 0) return `tsc -p tsconfig.build.json failed (exit ${result.status ?? result.signal})`;
    closeSync(openSync(STAMP, 'w'));
    utimesSync(STAMP, started, started);
    return null;
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const failure = ensureBuild();
  if (failure) {
    process.stderr.write(`lodging build: ${failure}\n`);
    process.exitCode = 1;
  }
}
