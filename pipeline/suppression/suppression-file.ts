// Reads, appends to and removes from the suppression list file kept in the data directory (reviewed and committed under data/).
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  canonicalValue,
  formatSuppressionEntry,
  parseSuppressionList,
  type SuppressionEntry,
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
  added?: { at: string; by: string },
): Promise<{ added: boolean; line: string }> {
  const current = await loadSuppressionFile(dataDir);
  const line = formatSuppressionEntry(kind, value, note, added);
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

/**
 * Removes every entry of this kind and value; comments, blank lines and other entries stay byte for byte.
 * The file is replaced atomically (a reader sees the old list or the new one, never half of it).
 */
export async function removeSuppressionEntry(
  dataDir: string,
  kind: SuppressionKind,
  value: string | readonly string[],
): Promise<{ removed: SuppressionEntry[] }> {
  const file = suppressionFilePath(dataDir);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { removed: [] };
    throw error;
  }
  // The canonical form and, for lines written before values were canonical, the form as typed.
  const wanted = new Set((typeof value === 'string' ? [value] : value).map((v) => canonicalValue(kind, v)));
  const removed = parseSuppressionList(text).entries.filter((e) => e.kind === kind && wanted.has(e.value));
  if (removed.length === 0) return { removed };
  const drop = new Set(removed.map((e) => e.line));
  const kept = text.split('\n').filter((_raw, index) => !drop.has(index + 1));
  const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temp, kept.join('\n'), 'utf8');
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  return { removed };
}
