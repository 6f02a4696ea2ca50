// One HTML core: escapeHtml is defined once, in platform/html/, and no other source file escapes HTML on its own.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_FOLDERS = ['model', 'platform', 'pipeline', 'api', 'bin'];
const CORE = 'platform/html/';

const sources: { file: string; text: string }[] = SOURCE_FOLDERS.flatMap((folder) =>
  readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|js|mjs)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') })),
);
const outsideCore = sources.filter(({ file }) => !file.startsWith(CORE));

describe('the HTML core', () => {
  it('is the one source file that defines escapeHtml', () => {
    const defining = sources.filter(({ text }) => /\b(function|const|let|var)\s+escapeHtml\b/.test(text)).map(({ file }) => file);
    expect(defining).toEqual(['platform/html/escape.ts']);
  });

  it('is entered through its index: nothing else imports escapeHtml or a file of platform/html/ by name', () => {
    const offenders = outsideCore
      .filter(({ text }) => /\bescapeHtml\b/.test(text) || /from\s+['"][^'"]*platform\/html\/(?!index\.ts['"])[^'"]+['"]/.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('holds the only table of HTML character references: no other file maps characters to &amp;, &lt;, &quot; …', () => {
    const offenders = outsideCore.filter(({ text }) => /(['"`])&(amp|lt|gt|quot|#39|#x27|apos);\1/.test(text)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('is what every HTML-rendering module builds with: a module that imports it does not also escape by hand', () => {
    const users = outsideCore.filter(({ text }) => /platform\/html\/index\.ts['"]/.test(text));
    expect(users.length).toBeGreaterThan(0);
    const handEscaping = users.filter(({ text }) => /\.replace(All)?\(\s*\/\[[^\]]*[&<>][^\]]*\]\/g/.test(text)).map(({ file }) => file);
    expect(handEscaping).toEqual([]);
  });
});
