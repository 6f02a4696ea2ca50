// The documentation holds together: every relative link of README.md and docs/*.md resolves (anchors included), and
// docs/configuration.md names exactly the variables the configuration schema knows.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../platform/environment.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PAGES = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

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

describe('links of README.md and docs/', () => {
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
