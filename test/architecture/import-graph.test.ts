// The layering rule, checked over the real import graph: one-way dependencies between layers and between the rooms inside one, and no cycles at all.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_FOLDERS = ['model', 'platform', 'pipeline', 'api', 'bin'];
const SOURCE_FILE = /\.(ts|mts|js|mjs)$/;
// Static imports and re-exports (type-only included: a reader still holds both files in mind) and dynamic imports.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;

/** The only pipeline/ files api/ may import: the one entry (use cases and read side) and the snapshot reader. */
const PIPELINE_ENTRIES = ['pipeline/index.ts', 'pipeline/snapshot/snapshot-reader.ts', 'pipeline/snapshot/reader-types.ts'];

/** What a folder may import from the project, besides itself; pipeline/ never imports api/. */
const ALLOWED: Record<string, (target: string) => boolean> = {
  model: () => false,
  platform: (t) => t.startsWith('model/'),
  pipeline: (t) => t.startsWith('model/') || t.startsWith('platform/'),
  api: (t) => t.startsWith('model/') || t.startsWith('platform/') || PIPELINE_ENTRIES.includes(t),
  bin: () => true,
};

const topFolder = (file: string): string => file.split('/')[0]!;

/**
 * The rooms of pipeline/ and api/, bottom first: a file imports its own room and rooms below it, never one above.
 * A room is a folder, or a file at the top of the layer; a new room gets its place here.
 */
const ROOM_ORDER: Record<string, readonly string[]> = {
  pipeline: ['normalise', 'dedup', 'snapshot', 'exports', 'gates', 'runs', 'report', 'suppression', 'sources', 'jobs', 'labels', 'publish', 'distribution', 'fixtures', 'generate', 'cli', 'index.ts'],
  api: ['errors.ts', 'keys', 'query', 'openapi', 'http', 'exports', 'usage', 'accounts', 'console', 'pages', 'app.ts', 'mcp', 'private-data-files.ts', 'server', 'server.ts', 'cli'],
};

/** The one file of pipeline/distribution/ the rest of the pipeline imports. */
const DISTRIBUTION_ENTRY = 'pipeline/distribution/open-snapshot-store.ts';

/** A file's room within its layer: the folder under the layer, or the file itself when it sits at the top. */
const roomOf = (file: string): string => file.split('/')[1]!;

/** The rank of a file's room in its layer's order (-1: a room the order does not place). */
const rankOf = (file: string): number => ROOM_ORDER[topFolder(file)]!.indexOf(roomOf(file));

/** Imports from a room to a room above it, inside one layer. */
function upwardImports(edges: Map<string, string[]>): string[] {
  return [...edges].flatMap(([file, targets]) =>
    targets
      .filter((t) => topFolder(t) === topFolder(file) && topFolder(file) in ROOM_ORDER && rankOf(t) > rankOf(file))
      .map((t) => `${file} -> ${t}`),
  );
}

function sourceFiles(folder: string): string[] {
  const entries = readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(SPECIFIER)].map((match) => path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), match[2]!)));
}

const graph = new Map<string, string[]>(
  SOURCE_FOLDERS.flatMap(sourceFiles).map((file) => [file, importsOf(file).filter((t) => SOURCE_FOLDERS.includes(topFolder(t)))]),
);

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
function cycles(edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph', () => {
  it('reads the source tree', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('api/server/open-backends.ts')).toContain('pipeline/snapshot/snapshot-reader.ts');
  });

  it('points one way: each folder imports only what its layer may use', () => {
    const violations = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => topFolder(target) !== topFolder(file) && !ALLOWED[topFolder(file)]!(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(violations).toEqual([]);
  });

  it('lets api/ into pipeline/ only through pipeline/index.ts and the snapshot reader; never the other way', () => {
    const crossings = [...graph].flatMap(([file, targets]) => targets.map((target) => [file, target] as const));
    const apiIntoPipeline = crossings.filter(([file, t]) => topFolder(file) === 'api' && topFolder(t) === 'pipeline');
    expect(apiIntoPipeline.filter(([, t]) => !PIPELINE_ENTRIES.includes(t)).map(([file, t]) => `${file} -> ${t}`)).toEqual([]);
    expect(apiIntoPipeline.some(([, t]) => t === 'pipeline/index.ts')).toBe(true);
    expect(crossings.filter(([file, t]) => topFolder(file) === 'pipeline' && topFolder(t) === 'api').map(([file, t]) => `${file} -> ${t}`)).toEqual([]);
  });

  it('places every file of pipeline/ and api/ in a room of its layer’s order', () => {
    const unplaced = [...graph.keys()].filter((file) => topFolder(file) in ROOM_ORDER && rankOf(file) === -1);
    expect(unplaced).toEqual([]);
  });

  it('points down inside pipeline/ and api/: no room imports a room above it', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('enters pipeline/distribution/ through its one entry', () => {
    const intoDistribution = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((t) => t.startsWith('pipeline/distribution/') && !file.startsWith('pipeline/distribution/') && t !== DISTRIBUTION_ENTRY)
        .map((t) => `${file} -> ${t}`),
    );
    expect(intoDistribution).toEqual([]);
    expect(graph.has(DISTRIBUTION_ENTRY)).toBe(true);
  });

  it('imports only files that exist in the tree', () => {
    const missing = [...graph].flatMap(([file, targets]) =>
      targets.filter((t) => !graph.has(t) && SOURCE_FILE.test(t)).map((t) => `${file} -> ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no cycles, type-only imports included', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle and a forbidden edge when there is one (the checks can fail)', () => {
    const sample = new Map([
      ['pipeline/a.ts', ['pipeline/b.ts', 'api/x.ts']],
      ['pipeline/b.ts', ['pipeline/a.ts']],
      ['api/x.ts', []],
    ]);
    expect(cycles(sample)).toEqual([['pipeline/a.ts', 'pipeline/b.ts']]);
    expect(ALLOWED.pipeline!('api/x.ts')).toBe(false);
    expect(ALLOWED.api!('pipeline/jobs/import-files.ts')).toBe(false);
    expect(ALLOWED.api!('pipeline/publish/rollback.ts')).toBe(false);
    expect(ALLOWED.api!('pipeline/index.ts')).toBe(true);
  });

  it('finds an upward import inside a layer when there is one (the order can fail)', () => {
    const sample = new Map([
      ['pipeline/gates/a.ts', ['pipeline/publish/b.ts', 'pipeline/snapshot/c.ts', 'pipeline/gates/d.ts']],
      ['api/keys/x.ts', ['api/accounts/y.ts', 'api/errors.ts']],
      ['pipeline/index.ts', ['pipeline/cli/e.ts']],
    ]);
    expect(upwardImports(sample)).toEqual(['pipeline/gates/a.ts -> pipeline/publish/b.ts', 'api/keys/x.ts -> api/accounts/y.ts']);
  });
});
