// The README's printed output is the real output: npm start and the tour run for real (bench/support/readme-tour.ts,
// what `npm run readme:samples` writes into the README), and every sample block must match what they printed, every
// count and word alike; only run ids, times, durations, secrets and cursors' random parts are compared by shape.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSampleBlocks, shapeOf, unwrap } from '../../bench/support/readme-sample-text.ts';
import { ROOT, runReadmeTour, TOUR, type ReadmeSamples } from '../../bench/support/readme-tour.ts';

const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
const blocks = readSampleBlocks(readme);
/** Samples printed as one hard-wrapped JSON line. */
const JSON_SAMPLES = new Set(['tour-places', 'tour-bad-parameter']);

let samples: ReadmeSamples;
beforeAll(async () => {
  samples = await runReadmeTour();
}, 600_000);

describe('the README samples', () => {
  it('has one block per sample the tour prints, and the tour runs the commands the README shows', () => {
    expect(blocks.map((b) => b.name).sort()).toEqual(Object.keys(samples).sort());
    expect(readme).toContain(`export LODGING_DATA_DIR=${TOUR.dataDir}`);
    expect(readme).toContain(`npx lodging ${TOUR.importArgs.join(' ')}`);
    expect(readme).toContain(`'http://localhost:3000${TOUR.placesQuery}'`);
  });

  it.each(['start', 'tour-import', 'tour-serve', 'tour-places', 'tour-bad-parameter'] as const)(
    '%s: the README prints what the command prints (run `npm run readme:samples` to refresh it)',
    (name) => {
      const block = blocks.find((b) => b.name === name);
      expect(block, `no <!-- sample: ${name} --> block in README.md`).toBeDefined();
      const comparable = (text: string) => shapeOf(JSON_SAMPLES.has(name) ? unwrap(text) : text);
      expect(comparable(block!.text)).toBe(comparable(samples[name]));
    },
  );
});
