// `npm run quality:suggest -- DIR`: how well suggestions find a place on a directory of real provider exports
// (named <cc>-….jsonl, as data:check reads them). Each country's files are imported into a scratch data directory; for every published place with
// a name word of 4+ letters, (1) its name with one typing mistake in one word → is it in the top 3? (2) the first 3–5
// letters of its distinctive word (its rarest name word) → is it in the top 5? Places sharing the same folded name count
// as the same answer. Printed, never asserted; docs/benchmarks.md keeps the figures.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importFiles } from '../pipeline/jobs/import-files.ts';
import { createRandom } from '../pipeline/generate/prng.ts';
import { openSnapshotReader } from '../pipeline/snapshot/snapshot-reader.ts';
import { searchWords } from '../pipeline/snapshot/search-words.ts';
import { COUNTRY_CODES, type CountryCode } from '../model/place.ts';

const SOURCE = process.argv[2] ?? process.env.SUGGEST_QUALITY_DIR ?? '';
if (SOURCE === '') {
  process.stderr.write('usage: npm run quality:suggest -- DIR (provider exports named <cc>-….jsonl)\n');
  process.exit(2);
}
const random = createRandom(35);

function misspell(word: string): string {
  const at = 1 + random.int(word.length - 2);
  switch (random.int(4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    case 2: {
      const letters = 'abcdefghijklmnopqrstuvwxyz'.replace(word[at]!, '');
      return word.slice(0, at) + letters[random.int(letters.length)] + word.slice(at + 1);
    }
    default:
      return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lodging-suggest-quality-'));
  const files = readdirSync(SOURCE).filter((f) => f.endsWith('.jsonl'));
  let typoHits = 0;
  let typoTotal = 0;
  let prefixHits = 0;
  let prefixTotal = 0;
  try {
    for (const country of COUNTRY_CODES) {
      const own = files.filter((f) => f.startsWith(`${country}-`)).map((f) => path.join(SOURCE, f));
      if (own.length > 0) await importFiles({ country, files: own, dataDir }, { threads: 0 });
    }
    const reader = openSnapshotReader(dataDir);
    for (const country of Object.keys(reader.current()) as CountryCode[]) {
      const places: { id: string; name: string }[] = [];
      for (let cursor: string | undefined; ; ) {
        const page = reader.searchRows({ country, limit: 100, ...(cursor ? { afterId: cursor } : {}) });
        for (const row of page.rows) places.push({ id: row.id, name: String(JSON.parse(row.json).name ?? '') });
        if (!page.hasMore) break;
        cursor = page.rows.at(-1)!.id;
      }
      const frequency = new Map<string, number>();
      for (const place of places) for (const word of new Set(searchWords(place.name))) frequency.set(word, (frequency.get(word) ?? 0) + 1);
      const sameName = (id: string, name: string) => (found: { id: string; json: string }) =>
        found.id === id || searchWords(String(JSON.parse(found.json).name ?? '')).join(' ') === searchWords(name).join(' ');
      for (const place of places) {
        const words = searchWords(place.name);
        const long = words.filter((w) => w.length >= 4);
        if (long.length === 0) continue;
        const target = long[random.int(long.length)]!;
        const typed = words.map((w) => (w === target ? misspell(w) : w)).join(' ');
        const typo = reader.suggest({ country, q: typed, limit: 3 });
        typoTotal += 1;
        if (typo.rows.some(sameName(place.id, place.name))) typoHits += 1;
        const distinctive = [...long].sort((a, b) => frequency.get(a)! - frequency.get(b)! || b.length - a.length)[0]!;
        const prefix = distinctive.slice(0, Math.min(distinctive.length, 3 + random.int(3)));
        const begun = reader.suggest({ country, q: prefix, limit: 5 });
        prefixTotal += 1;
        if (begun.rows.some(sameName(place.id, place.name))) prefixHits += 1;
      }
    }
    reader.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const share = (hits: number, total: number) => `${((100 * hits) / Math.max(total, 1)).toFixed(1)}% (${hits} of ${total})`;
  console.log(`suggest quality ${new Date().toISOString()} on ${files.join(', ')}`);
  console.log(`  one typo in one word of the name → intended place in the top 3: ${share(typoHits, typoTotal)} (goal ≥ 90%)`);
  console.log(`  first 3–5 letters of the distinctive word → in the top 5: ${share(prefixHits, prefixTotal)} (goal ≥ 80%)`);
}

await main();
