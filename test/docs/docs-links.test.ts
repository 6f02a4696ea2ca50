// The documentation holds together: every relative link of README.md, docs/*.md and mutation/ledger.md resolves (anchors included), every
// file, folder and section that docs and code comments name exists, and docs/configuration.md names exactly the
// variables the configuration schema knows.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../platform/environment.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PAGES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`),
  // The mutation ledger lives beside the Stryker configuration, and holds to the same rules.
  'mutation/ledger.md',
];

/** Markdown without its code: fenced blocks and inline code spans hold examples, not links. */
function prose(markdown: string): string {
  return markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of `[text](target)` and `![alt](target)` links. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = match[1]!
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

describe('links of README.md, docs/ and the mutation ledger', () => {
  it('finds the pages', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'docs/configuration.md']));
  });

  for (const page of PAGES) {
    it(`${page}: every relative link resolves to an existing file (and heading)`, () => {
      const broken: string[] = [];
      for (const target of linkTargets(readFileSync(path.join(ROOT, page), 'utf8'))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const resolved = file === '' ? path.join(ROOT, page) : path.resolve(path.dirname(path.join(ROOT, page)), decodeURI(file));
        if (!resolved.startsWith(ROOT + path.sep) || !existsSync(resolved)) {
          broken.push(`${target}: no such file`);
          continue;
        }
        if (anchor && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) {
          broken.push(`${target}: no heading with that anchor`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});

/** Every file (and folder, ending in /) of the project, relative to its root; build output and dependencies left out. */
function projectTree(dir = ''): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', '.git', '.tmp', 'out'].includes(entry.name)) return [];
    const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
    return entry.isDirectory() ? [`${rel}/`, ...projectTree(rel)] : [rel];
  });
}

const TOP_FOLDERS = ['model', 'platform', 'pipeline', 'api', 'bin', 'bench', 'test', 'data', 'docs', 'fixtures'];
const ROOTED = new RegExp(String.raw`(?<![\w@./<>*{-])((?:${TOP_FOLDERS.join('|')})/(?:[\w.-]+/)*(?:[\w-][\w.-]*\.(?:ts|mts|mjs|js|md|json|jsonl|sql)|))(?![\w/*<>{-])`, 'g');
/** A module named without its layer (`snapshot/snapshot-reader.ts`, `worker-pool.ts`). */
const MODULE = /(?<![\w@./<>*{-])((?:[\w-]+\/)*[\w-][\w.-]*\.(?:ts|mts|mjs))(?![\w/*<>{-])/g;
/** A section named by page and heading: `docs/api.md, "Rate limits"` or `docs/api.md#rate-limits`. */
const SECTION = /(?<![\w/.-])((?:[\w.-]+\/)*[\w-]+\.md)(?:#([\w-]+)|,? "([^"]+)")/g;
/** Folders the product writes into at run time (the default data directory, benchmark output): named, never committed. */
const WRITTEN_AT_RUN_TIME = ['bench/out/'];

/** Code comments: whole lines that are comments (enough for this tree, where a comment starts its line). */
function commentsOf(source: string): string {
  return source
    .split('\n')
    .filter((line) => /^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n')
    .replace(/\n\s*(?:\/\/|\*)\s*/g, ' ');
}

/** Headings of a page, as written (code spans unwrapped). */
function headingsOf(markdown: string): string[] {
  return [...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => m[1]!.replace(/`/g, ''));
}

/** What a text names that is not there: rooted paths, modules, and page sections; a placeholder (FILE.ts, x.ts) is an example. */
function missingNames(text: string, tree: readonly string[], read: (page: string) => string): string[] {
  const files = tree.filter((entry) => !entry.endsWith('/'));
  const placeholder = (name: string) => /(?:^|\/)(?:[A-Z]+|[a-z])(?:\.[a-z]+)+$/.test(name) || WRITTEN_AT_RUN_TIME.some((folder) => name.startsWith(folder));
  const prose = text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '');
  const missing: string[] = [];
  for (const [, name] of prose.matchAll(ROOTED)) {
    if (!placeholder(name!) && !tree.includes(name!)) missing.push(name!);
  }
  for (const [, name] of prose.matchAll(MODULE)) {
    const folder = name!.split('/')[0]!;
    const ours = !name!.includes('/') || tree.some((entry) => entry.endsWith('/') && (entry === `${folder}/` || entry.endsWith(`/${folder}/`)));
    if (ours && !placeholder(name!) && !TOP_FOLDERS.includes(folder) && !files.some((file) => file === name || file.endsWith(`/${name}`))) missing.push(name!);
  }
  for (const [, page, anchor, heading] of prose.matchAll(SECTION)) {
    if (!tree.includes(page!)) continue;
    const markdown = read(page!);
    const found = anchor !== undefined ? anchorsOf(markdown).has(anchor) : headingsOf(markdown).some((h) => h.startsWith(heading!));
    if (!found) missing.push(`${page}${anchor !== undefined ? `#${anchor}` : `, "${heading}"`}`);
  }
  return missing;
}

describe('files, folders and sections named in docs and comments', () => {
  const tree = projectTree();
  const read = (page: string) => readFileSync(path.join(ROOT, page), 'utf8');
  const sources = tree.filter((file) => /^(model|platform|pipeline|api|bin|bench|test)\/.*\.(ts|js|mjs)$/.test(file));

  it('finds a name that is not there (the check can fail)', () => {
    const sample = 'see pipeline/publication/, snapshot/gone.ts, docs/api.md, "No such section", docs/api.md#nope and README, Benchmarks';
    expect(missingNames(sample, tree, read)).toEqual(['pipeline/publication/', 'snapshot/gone.ts', 'docs/api.md, "No such section"', 'docs/api.md#nope']);
    expect(missingNames('pipeline/snapshot/snapshot-reader.ts, stored-snapshot.ts, docs/api.md, "Rate limits", FILE.ts', tree, read)).toEqual([]);
  });

  for (const page of PAGES) {
    it(`${page}: every file, folder and section it names exists`, () => {
      expect(missingNames(read(page), tree, read)).toEqual([]);
    });
  }

  it('code comments: every file, folder and section they name exists', () => {
    expect(sources.flatMap((file) => missingNames(commentsOf(read(file)), tree, read).map((name) => `${file}: ${name}`))).toEqual([]);
  });

  it('code comments of the product name a README or docs section by page and heading, never as "the README, Benchmarks"', () => {
    const vague = sources
      .filter((file) => !file.startsWith('test/') && !file.startsWith('bench/'))
      .filter((file) => /\bREADME\b(?!\.md)/.test(commentsOf(read(file))));
    expect(vague).toEqual([]);
  });
});

describe('docs/configuration.md', () => {
  const page = readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
  const known = Object.keys(envSchema.shape).sort();

  it('has one table row per variable the configuration schema knows, and no other', () => {
    const rows = [...page.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!).sort();
    expect(known.length).toBeGreaterThan(10);
    expect(rows).toEqual(known);
  });

  it('names no variable the schema does not know', () => {
    const named = new Set([...page.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)].map((m) => m[0]));
    expect([...named].filter((name) => !known.includes(name))).toEqual([]);
  });
});
