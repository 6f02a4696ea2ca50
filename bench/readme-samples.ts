// `npm run readme:samples`: runs npm start and the README's tour for real on temporary data directories and rewrites
// the README's sample blocks (between `<!-- sample: NAME -->` and `<!-- /sample -->`) with what they printed.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { replaceSampleBlocks } from './support/readme-sample-text.ts';
import { ROOT, runReadmeTour } from './support/readme-tour.ts';

const file = path.join(ROOT, 'README.md');
const samples = await runReadmeTour();
const before = await readFile(file, 'utf8');
const after = replaceSampleBlocks(before, samples);
await writeFile(file, after);
process.stdout.write(`${before === after ? 'README.md: samples unchanged' : 'README.md: samples rewritten from a real run'} (${Object.keys(samples).join(', ')})\n`);
