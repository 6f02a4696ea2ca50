// Runs what the README shows, for real, on fresh temporary data directories (npm start; the tour's import, serve and
// curl lines) and returns each README sample as the README prints it: shortened where `…`, secrets cut, port 3000.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepLines, keepSections, shortPlacesPage, shortSecret, wrap } from './readme-sample-text.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the README's tour runs, as its ```sh blocks print it. */
export const TOUR = {
  dataDir: '/tmp/lodging-tour',
  importArgs: ['import', '--country', 'es', 'fixtures/es/listings.jsonl'],
  placesQuery: '/api/v1/places?country=es&city=madrid&lodgingType=hotel&limit=1',
  badQuery: '/api/v1/places?country=es&limit=0',
} as const;

/** The place members the README's places sample shows (the rest elided). */
const PLACE_MEMBERS = ['id', 'name', 'legalName', 'address', 'phone', 'phoneType', 'lodgingType', 'rating', 'profileUrl'];
/** Sections of the import report the tour sample shows (the first, the verdict and these). */
const IMPORT_SECTIONS = [/^By status/, /^Unknown labels/, /^Bad lines/, /^Publication gates/, /^Changes/, /^[A-Z]{4,}/];
/** Lines of the serve welcome the tour sample shows. */
const SERVE_LINES = [/listening on/, /^ {2}home:/, /console sign-in/, /^ {4}\(kept in/, /development key:/];
const JSON_WIDTH = 118;

/** The environment of a fresh newcomer: none of the product's variables set (the runtime choice kept). */
function cleanEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(LODGING_|PORT$|HOST$|NODE_ENV$|LOG_LEVEL$|REDIS_URL$)/.test(name) && name !== 'LODGING_RUNTIME') continue;
    env[name] = value;
  }
  return { ...env, LODGING_DATA_DIR: dataDir };
}

/** Runs `lodging ARGS` to its end; its stdout. */
function runToEnd(args: string[], dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/lodging.js', ...args], { cwd: ROOT, env: cleanEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => void (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => void (stderr += String(chunk)));
    child.once('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`lodging ${args.join(' ')} exited ${code}:\n${stdout}\n${stderr}`))));
  });
}

/** Starts `lodging ARGS` (a server), waits for its "server listening" log line, runs `whileUp`, then stops it. */
async function whileServing<T>(args: string[], dataDir: string, whileUp: (stdout: string) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, ['bin/lodging.js', ...args], { cwd: ROOT, env: cleanEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => void (stderr += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += String(chunk);
        if (/"msg":"server listening"/.test(stdout)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`lodging ${args.join(' ')} exited ${code}:\n${stdout}\n${stderr}`)));
    });
    return await whileUp(stdout);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

/** The human text of a server's output: no JSON log line; the port shown as 3000, secrets cut, the data directory named. */
function asPrinted(stdout: string, dataDir: string, shownDataDir: string): string {
  const port = /listening on http:\/\/[^:]+:(\d+)/.exec(stdout)?.[1];
  let text = stdout
    .split('\n')
    .filter((line) => !line.startsWith('{'))
    .join('\n')
    .trimEnd()
    .replaceAll(dataDir, shownDataDir)
    .replace(/(@lodging\.localhost \/ )(\S+)/g, (_m, before: string, password: string) => `${before}${shortSecret(password, 8)}`)
    .replace(/lds_live_[A-Za-z0-9_-]+/g, (key) => shortSecret(key, 13));
  if (port) text = text.replaceAll(`:${port}`, ':3000');
  return text;
}

export type ReadmeSamples = Record<'start' | 'tour-import' | 'tour-serve' | 'tour-places' | 'tour-bad-parameter', string>;

/** Every README sample, from real runs. Takes a minute or two: it starts three processes. */
export async function runReadmeTour(): Promise<ReadmeSamples> {
  const startDir = await mkdtemp(path.join(tmpdir(), 'lodging-readme-start-'));
  const tourDir = await mkdtemp(path.join(tmpdir(), 'lodging-readme-tour-'));
  try {
    const startData = path.join(startDir, 'data');
    const start = await whileServing(['start', '--port', '0'], startData, async (stdout) => asPrinted(stdout, startData, `${'…'}/data`));
    const imported = asPrinted(await runToEnd([...TOUR.importArgs], tourDir), tourDir, TOUR.dataDir);
    const served = await whileServing(['serve', '--dev-key', '--port', '0'], tourDir, async (stdout) => {
      const url = /listening on (http:\S+)/.exec(stdout)![1]!;
      const key = /development key: (lds_live_\S+)/.exec(stdout)![1]!;
      const places = await (await fetch(`${url}${TOUR.placesQuery}`, { headers: { 'X-API-Key': key } })).json();
      const bad = await (await fetch(`${url}${TOUR.badQuery}`, { headers: { 'X-API-Key': key } })).text();
      const port = new URL(url).port;
      const shown = (text: string) => text.replaceAll(`localhost:${port}`, 'localhost:3000');
      return { welcome: asPrinted(stdout, tourDir, TOUR.dataDir), places: shown(shortPlacesPage(places, PLACE_MEMBERS)), bad: shown(bad) };
    });
    return {
      start,
      'tour-import': keepSections(imported, IMPORT_SECTIONS),
      'tour-serve': keepLines(served.welcome, SERVE_LINES),
      'tour-places': wrap(served.places, JSON_WIDTH),
      'tour-bad-parameter': wrap(served.bad, JSON_WIDTH),
    };
  } finally {
    await rm(startDir, { recursive: true, force: true });
    await rm(tourDir, { recursive: true, force: true });
  }
}
