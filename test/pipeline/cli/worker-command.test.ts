// `lodging worker` never reads the snapshot signing key: nothing it loads, statically or on demand, reaches pipeline/distribution/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;

function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [path.join(ROOT, entry)];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) stack.push(path.resolve(path.dirname(file), match[2]!));
  }
  return [...seen].map((file) => path.relative(ROOT, file));
}

describe('lodging worker', () => {
  it('loads nothing that opens the snapshot store or reads a key', () => {
    const files = reachable('pipeline/cli/worker-command.ts');
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((file) => file.startsWith('pipeline/distribution/'))).toEqual([]);
  });
});
