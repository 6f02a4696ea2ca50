// A deterministic export for the runner contract: generated listings plus hand-written lines for every way a line can go wrong.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { writeGeneratedExport } from '../../../../pipeline/generate/write-generated-export.ts';
import { providerIdFor } from '../../../../pipeline/generate/generate-listings.ts';
import { vocabularyFor } from '../../../../pipeline/generate/generator-vocabulary.ts';
import { SUPPRESSION_FILE_NAME } from '../../../../pipeline/suppression/suppression-file.ts';

export interface ContractInput {
  files: string[];
  /** Non-blank lines over all files. */
  lines: number;
}

const SEED_A = 7;
const SEED_B = 8;

const listing = (fields: Record<string, unknown>) =>
  JSON.stringify({
    name: 'Hostal Contrato',
    address: { street: 'Calle Mayor, 1', city: 'Madrid', state: 'Madrid', postalCode: '28013', countryCode: 'ES' },
    location: { lat: '40.4168', lng: '-3.7038' },
    categories: ['Hostal'],
    ...fields,
  });

/** One of each case the report and the statuses must agree on, whichever runner and however chunked. */
function handWrittenLines(): string[] {
  const firstIdOfA = providerIdFor(vocabularyFor('es'), SEED_A, 0);
  return [
    '{not json',
    '[1, 2, 3]',
    '42',
    '"just a string"',
    'null',
    '',
    listing({ providerId: 'hc-closed', businessStatus: 'CLOSED_PERMANENTLY' }),
    listing({ providerId: 'hc-supp-id' }),
    listing({ providerId: 'hc-supp-phone', phone: '+34 612 345 678' }),
    listing({ providerId: 'hc-supp-domain', website: 'www.quitarme.es/?utm_source=x' }),
    listing({ providerId: null }),
    listing({ providerId: 'hc-noname', name: '' }),
    listing({ providerId: 'hc-restaurant', categories: ['Restaurante'] }),
    listing({ providerId: 'hc-france', address: { city: 'Paris', countryCode: 'FR' } }),
    listing({ providerId: 'hc-dup', name: 'Hostal Primero' }),
    listing({ providerId: 'hc-messy', rating: '4,5', reviewCount: '1.234', phone: 'tel:+34 915 23 79 80 ext. 12', categories: ['Glamping de burbujas'] }),
    listing({ providerId: 'hc-dup', name: 'Hostal Segundo' }),
    // A later line with an id file A already used: the line in A keeps the id.
    listing({ providerId: firstIdOfA, name: 'Hostal Tardío' }),
  ];
}

export async function writeContractInput(dir: string, generated = 2400): Promise<ContractInput> {
  await fs.mkdir(dir, { recursive: true });
  const a = path.join(dir, 'es-a.jsonl');
  const h = path.join(dir, 'es-hand.jsonl');
  const b = path.join(dir, 'es-b.jsonl.gz');
  const written = await writeGeneratedExport(a, { country: 'es', count: generated, seed: SEED_A });
  const hand = handWrittenLines();
  await fs.writeFile(h, `${hand.join('\n')}\n`);
  // Another seed reuses some provider ids of the first: duplicates across files, resolved by file order.
  const extra = await writeGeneratedExport(b, { country: 'es', count: Math.round(generated / 5), seed: SEED_B });
  return { files: [a, h, b], lines: written.lines + hand.filter((l) => l !== '').length + extra.lines };
}

/** The hand-written lines alone: a much smaller export of the same country, for re-imports. */
export async function writeSmallInput(dir: string): Promise<string> {
  const file = path.join(dir, 'es-small.jsonl');
  await fs.writeFile(file, `${handWrittenLines().join('\n')}\n`);
  return file;
}

export async function writeSuppressionList(dataDir: string): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true });
  const text = ['id es-hc-supp-id  # test', 'phone +34612345678  # test', 'domain quitarme.es  # test', ''].join('\n');
  await fs.writeFile(path.join(dataDir, SUPPRESSION_FILE_NAME), text);
}
