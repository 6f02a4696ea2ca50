// The first operator pages after `npm start`: over the demo import, every link of Countries and Runs leads somewhere,
// and each country card shows its charts, source file and last run.
import { beforeAll, describe, expect, it } from 'vitest';
import { importFixturesWhenEmpty } from '../../../../pipeline/cli/seed-fixtures.ts';
import type { ConsoleClient } from '../../support/console-client.ts';
import { setUpSignedInOps, type OpsHarness } from './support/ops-harness.ts';

let harness: OpsHarness;
let operator: ConsoleClient;

setUpSignedInOps({ operator: 'first-pages@example.org' }, (suite) => ({ harness, operator } = suite));
beforeAll(async () => {
  await importFixturesWhenEmpty({ stdout: () => undefined, stderr: () => undefined, env: { LODGING_DATA_DIR: harness.api.dataDir, LODGING_THREADS: '0' }, interactive: false });
}, 120_000);

/** The console links of a page's main content (navigation and forms aside), without fragments. */
function pageLinks(text: string): string[] {
  const main = /<main[\s\S]*<\/main>/.exec(text)?.[0] ?? text;
  return [...new Set([...main.matchAll(/<a href="(\/console\/[^"#]*)/g)].map((m) => m[1]!.replaceAll('&amp;', '&')))];
}

async function expectEveryLinkAnswers(links: string[]): Promise<void> {
  for (const link of links) {
    const page = await operator.get(link);
    expect(page.status, link).toBe(200);
  }
}

describe('the first operator pages over the demo data', () => {
  it('Countries: each card shows its charts, source file and last run, and every link answers', async () => {
    const page = await operator.get('/console/ops/countries');
    expect(page.status).toBe(200);
    const cards = page.text.split('<section class="card country"').slice(1);
    expect(cards).toHaveLength(4);
    for (const card of cards) {
      expect(card).toMatch(/<dt>Source file<\/dt><dd><code>listings\.jsonl<\/code>/);
      expect(card).toMatch(/<dt>Last run<\/dt><dd><a href="\/console\/ops\/runs\/[^"]+">/);
      expect(card.match(/<figure class="mini">/g)).toHaveLength(2);
    }
    const links = pageLinks(page.text);
    expect(links.filter((l) => l.startsWith('/console/ops/runs/')).length).toBeGreaterThanOrEqual(4);
    await expectEveryLinkAnswers(links);
  }, 120_000);

  it('Runs: lists the four demo runs, and every link answers', async () => {
    const page = await operator.get('/console/ops/runs');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/No run matches/);
    const runLinks = pageLinks(page.text).filter((l) => /^\/console\/ops\/runs\/[^/?]+$/.test(l));
    expect(runLinks).toHaveLength(4);
    await expectEveryLinkAnswers(pageLinks(page.text));
    for (const run of runLinks) await expectEveryLinkAnswers(pageLinks((await operator.get(run)).text));
  }, 120_000);
});
