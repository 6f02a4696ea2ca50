// The import directory: where uploads land and where an operator names a file already on the server; nothing outside it.
import { AppError } from '../../../platform/errors/app-error.ts';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** What an export file may be called: one plain name (no folders), a JSON Lines extension, gzip or not. */
const EXPORT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\.(jsonl|ndjson|json)(\.gz)?$/;

export class ImportFileError extends AppError {
  constructor(message: string) {
    super(message, { code: 'import-file', status: 400 });
    this.name = 'ImportFileError';
  }
}

export interface ImportFile {
  name: string;
  bytes: number;
  modifiedAt: string;
}

export function isExportName(name: string): boolean {
  return EXPORT_NAME.test(name) && !name.includes('..');
}

/** A browser's file name made safe to store: its last path segment, other characters replaced; null when it is no export. */
export function safeExportName(original: string): string | null {
  const base = original.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(-150);
  return isExportName(cleaned) ? cleaned : null;
}

/** The import directory, made when missing, as its real path (what every check compares against). */
export async function openImportDir(dir: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true, mode: 0o750 });
  return fs.realpath(dir);
}

const inside = (root: string, file: string) => file.startsWith(`${root}${path.sep}`);

/** The export files in the directory, newest first (regular files only; links that leave the directory are not shown). */
export async function listImportFiles(dir: string): Promise<ImportFile[]> {
  const root = await openImportDir(dir);
  const files: ImportFile[] = [];
  for (const entry of await fs.readdir(root, { withFileTypes: true })) {
    if (!isExportName(entry.name)) continue;
    try {
      const real = await fs.realpath(path.join(root, entry.name));
      if (!inside(root, real)) continue;
      const stat = await fs.stat(real);
      if (stat.isFile()) files.push({ name: entry.name, bytes: stat.size, modifiedAt: stat.mtime.toISOString() });
    } catch {
      // Removed meanwhile, or a dangling link: not an export to offer.
    }
  }
  return files.sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || a.name.localeCompare(b.name));
}

/** The absolute path of a file named by the operator: one plain name, a regular file, inside the directory after links. */
export async function resolveImportFile(dir: string, name: string): Promise<string> {
  if (!isExportName(name)) throw new ImportFileError('name one export file of the import directory (e.g. es.jsonl.gz), without folders');
  const root = await openImportDir(dir);
  let real: string;
  try {
    real = await fs.realpath(path.join(root, name));
  } catch {
    throw new ImportFileError(`there is no file ${name} in the import directory`);
  }
  if (!inside(root, real)) throw new ImportFileError(`${name} points outside the import directory`);
  const stat = await fs.stat(real);
  if (!stat.isFile()) throw new ImportFileError(`${name} is not a file`);
  return real;
}
