// One error root: every error class in api/, pipeline/ and platform/ derives from AppError, checked in the source and on the loaded classes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors/app-error.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = ['api', 'pipeline', 'platform'];
const CLASS = /\bclass\s+(\w+)\s+extends\s+([\w.]+)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

interface Declared {
  name: string;
  parent: string;
  file: string;
}

const declared: Declared[] = FOLDERS.flatMap(sourceFiles).flatMap((file) =>
  [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(CLASS)].map((m) => ({ name: m[1]!, parent: m[2]!, file })),
);
const parentOf = new Map(declared.map((d) => [d.name, d.parent]));

/** Follows `extends` through the declared classes: true when the chain reaches AppError. */
function reachesRoot(name: string, seen = new Set<string>()): boolean {
  if (name === 'AppError') return true;
  const parent = parentOf.get(name);
  if (parent === undefined || seen.has(name)) return false;
  seen.add(name);
  return reachesRoot(parent, seen);
}

const isErrorClass = (d: Declared) => /(?:Error|Failure)$/.test(d.name) || /(?:Error|Failure)$/.test(d.parent);

describe('the error root', () => {
  it('the scan finds the error classes (it is not vacuous)', () => {
    expect(declared.filter(isErrorClass).length).toBeGreaterThanOrEqual(25);
  });

  it('only AppError extends Error directly; every other error class reaches AppError', () => {
    const direct = declared.filter((d) => d.parent === 'Error').map((d) => `${d.file}: ${d.name}`);
    expect(direct).toEqual(['platform/errors/app-error.ts: AppError']);
    const stray = declared.filter((d) => isErrorClass(d) && !reachesRoot(d.name)).map((d) => `${d.file}: ${d.name} extends ${d.parent}`);
    expect(stray).toEqual([]);
  });

  it('the use cases’ errors know nothing of delivery: they extend AppError, and only pipeline/cli/ imports the CLI’s classes', () => {
    const useCaseErrors = ['ImportError', 'PublicationError', 'PointerMovedError', 'CountryBusyError', 'UnknownRunError'];
    expect(useCaseErrors.map((name) => `${name} extends ${parentOf.get(name)}`)).toEqual(useCaseErrors.map((name) => `${name} extends AppError`));
    const cliIoOutsideCli = FOLDERS.flatMap(sourceFiles)
      .filter((file) => file.startsWith('pipeline/') && !file.startsWith('pipeline/cli/'))
      .filter((file) => /from '[./]*platform\/cli-io\.ts'/.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(cliIoOutsideCli).toEqual([]);
  });

  it('every exported error class, once loaded, is AppError or derives from it', async () => {
    const files = [...new Set(declared.filter(isErrorClass).map((d) => d.file))];
    let checked = 0;
    for (const file of files) {
      const module = (await import(pathToFileURL(path.join(ROOT, file)).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (typeof value !== 'function' || !(value.prototype instanceof Error)) continue;
        expect(value === AppError || value.prototype instanceof AppError, `${file}: ${name}`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(24);
  });
});
