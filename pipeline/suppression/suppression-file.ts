// Reads and appends the suppression list file kept in the data directory (reviewed and committed under data/).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  formatSuppressionEntry,
  parseSuppressionList,
  type SuppressionKind,
  type SuppressionParse,
} from '../normalise/suppression.ts';

export const SUPPRESSION_FILE_NAME = 'suppression-list.txt';

export function suppressionFilePath(dataDir: string): string {
  return path.join(dataDir, SUPPRESSION_FILE_NAME);
}

/** A missing file is an empty list; a malformed line is an error the caller must surface, never silently skipped. */
export async function loadSuppressionFile(dataDir: string, file = suppressionFilePath(dataDir)): Promise<SuppressionParse> {
  let text = '';
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return parseSuppressionList(text);
}

export async function appendSuppressionEntry(
  dataDir: string,
  kind: SuppressionKind,
  value: string,
  note: string,
): Promise<{ added: boolean; line: string }> {
  const current = await loadSuppressionFile(dataDir);
  const line = formatSuppressionEntry(kind, value, note);
  const entry = parseSuppressionList(line).entries[0];
  if (entry === undefined) throw new Error(`cannot suppress ${kind} "${value}"`);
  if (current.entries.some((e) => e.kind === kind && e.value === entry.value)) return { added: false, line };
  const file = suppressionFilePath(dataDir);
  await fs.mkdir(path.dirname(file), { recursive: true });
  let prefix = '';
  try {
    const existing = await fs.readFile(file, 'utf8');
    if (existing.length > 0 && !existing.endsWith('\n')) prefix = '\n';
  } catch {
    prefix = '';
  }
  await fs.appendFile(file, `${prefix}${line}\n`, 'utf8');
  return { added: true, line };
}
