import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGenerateCommand } from '../../../pipeline/cli/generate-command.ts';
import { UsageError, type CliIo } from '../../../platform/cli-io.ts';
import { generateListingLines } from '../../../pipeline/generate/generate-listings.ts';
import { VOCABULARIES } from '../../../pipeline/generate/generator-vocabulary.ts';
import { writeGeneratedExport } from '../../../pipeline/generate/write-generated-export.ts';
import { createInProcessRunner } from '../../../pipeline/jobs/in-process-runner.ts';
import { COUNTRY_CODES, type CountryCode } from '../../../model/place.ts';

type Listing = Record<string, unknown>;

function generate(country: CountryCode, count: number, seed?: number): string[] {
  return [...generateListingLines(seed === undefined ? { country, count } : { country, count, seed })];
}

/** Parsed listings, null for a line that is not a JSON object. */
function parse(lines: string[]): (Listing | null)[] {
  return lines.map((line) => {
    try {
      const value: unknown = JSON.parse(line);
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Listing) : null;
    } catch {
      return null;
    }
  });
}

const labelsOf = (listing: Listing): string[] => (Array.isArray(listing.categories) ? (listing.categories as string[]) : []);
const phoneTexts = (listing: Listing): unknown[] => [listing.phone, ...(Array.isArray(listing.phones) ? listing.phones : [])];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lodging-generate-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('generateListingLines', () => {
  it.each(COUNTRY_CODES)('gives the same lines for the same seed and other lines for another seed (%s)', (country) => {
    expect(generate(country, 300, 7)).toEqual(generate(country, 300, 7));
    expect(generate(country, 300, 8)).not.toEqual(generate(country, 300, 7));
  });

  it.each([0, 1, 137, 2500])('writes exactly the count asked for (%i)', (count) => {
    expect(generate('es', count)).toHaveLength(count);
  });

  it('starts a larger export with the lines of a smaller one', () => {
    expect(generate('fr', 1000).slice(0, 400)).toEqual(generate('fr', 400));
  });

  it('rejects a count that is not a non-negative integer', () => {
    expect(() => generate('es', -1)).toThrow(RangeError);
    expect(() => generate('es', 1.5)).toThrow(RangeError);
  });
});

describe('the mix of a generated es export', () => {
  const lines = generate('es', 20_000);
  const parsed = parse(lines);
  const listings = parsed.filter((listing): listing is Listing => listing !== null);
  const ids = listings.map((listing) => listing.providerId).filter((id): id is string => typeof id === 'string' && id !== '');
  const vocabulary = VOCABULARIES.es;
  const count = (test: (listing: Listing) => boolean) => listings.filter(test).length;

  it.each<[string, (listing: Listing) => boolean]>([
    ['phones with a country code and spaces', (l) => /^\+34 \d{3} \d{2} \d{2} \d{2}$/.test(String(l.phone))],
    ['phones written "(+34) 91 …"', (l) => String(l.phone).startsWith('(+34) ')],
    ['phones without any spacing', (l) => /^\d{9}$/.test(String(l.phone))],
    ['a second number in phones', (l) => Array.isArray(l.phones) && l.phones.length > 0],
    ['mobiles', (l) => phoneTexts(l).some((p) => /^(\+34 |\(\+34\) )?[67]/.test(String(p)))],
    ['several numbers in one text', (l) => / \/ /.test(String(l.phone))],
    ['numbers that are not numbers', (l) => /^(\d{1,3}|-|000 000 000|no disponible)$/.test(String(l.phone))],
    ['more than 20 further phones', (l) => Array.isArray(l.phones) && l.phones.length > 20],
    ['websites without scheme', (l) => String(l.website).startsWith('www.')],
    ['websites with tracking parameters', (l) => String(l.website).includes('utm_source=')],
    ['websites that are not public', (l) => /localhost|127\.0\.0\.1|\.local\/|:8443/.test(String(l.website))],
    ['map links on google maps hosts', (l) => String(l.mapsUrl).startsWith('https://www.google.com/maps?cid=')],
    ['map links elsewhere', (l) => String(l.mapsUrl).includes('openstreetmap.org') || String(l.mapsUrl).includes('sites.google.com')],
    ['invalid e-mails', (l) => typeof l.email === 'string' && !/^\s*[^@\s]+@[^@\s]+\.[a-z]{2,}\s*$/i.test(l.email)],
    ['star classes', (l) => labelsOf(l).some((label) => /^\d estrellas?$/.test(label))],
    ['plural labels', (l) => labelsOf(l).some((label) => ['Hoteles', 'Casas Rurales', 'Agroturismos', 'Hostales'].includes(label))],
    ['labels in another language', (l) => labelsOf(l).some((label) => vocabulary.foreignLabels.includes(label))],
    ['non-lodging labels only', (l) => labelsOf(l).length === 1 && vocabulary.nonLodgingLabels.includes(labelsOf(l)[0]!)],
    ['unknown labels', (l) => labelsOf(l).some((label) => vocabulary.unknownLabels.includes(label))],
    ['decimal-comma ratings', (l) => typeof l.rating === 'string' && l.rating.includes(',')],
    ['locations as strings', (l) => typeof (l.location as { lat?: unknown } | undefined)?.lat === 'string'],
    ['locations at 0,0', (l) => Number((l.location as { lat?: unknown } | undefined)?.lat) === 0],
    ['opening hours', (l) => typeof l.openingHours === 'object'],
    ['permanently closed places', (l) => l.businessStatus === 'CLOSED_PERMANENTLY'],
    ['whatsapp checks', (l) => typeof l.whatsappCheck === 'object'],
    ['cities with accents', (l) => /[áéíóúñü]/i.test(String((l.address as { city?: unknown } | undefined)?.city))],
    ['listings without providerId', (l) => l.providerId === undefined || l.providerId === null || l.providerId === ''],
    ['listings without name', (l) => l.name === undefined || l.name === null || l.name === ''],
  ])('has %s', (_, test) => {
    expect(count(test)).toBeGreaterThan(0);
  });

  it('has a few lines that are not a listing (about 0.1%)', () => {
    const bad = parsed.filter((listing) => listing === null).length;
    expect(bad).toBeGreaterThan(0);
    expect(bad).toBeLessThan(lines.length * 0.003);
  });

  it('repeats a few providerIds and no others', () => {
    const duplicates = ids.length - new Set(ids).size;
    expect(duplicates).toBeGreaterThan(0);
    expect(duplicates).toBeLessThan(lines.length * 0.003);
  });

  it('varies names and cities', () => {
    expect(new Set(listings.map((l) => l.name)).size).toBeGreaterThan(2000);
    expect(new Set(listings.map((l) => (l.address as { city?: unknown } | undefined)?.city)).size).toBeGreaterThan(20);
  });
});

describe.each(COUNTRY_CODES)('the labels of a generated %s export', (country) => {
  const listings = parse(generate(country, 8000)).filter((listing): listing is Listing => listing !== null);
  const labels = new Set(listings.flatMap(labelsOf));

  it.each(VOCABULARIES[country].families.map((family) => [family.type, family.labels] as const))(
    'include the %s family',
    (_, familyLabels) => {
      expect(familyLabels.some((label) => labels.has(label))).toBe(true);
    },
  );

  it('stay within the vocabulary, so the unknown-label counter stays small', () => {
    const vocabulary = VOCABULARIES[country];
    const known = new Set([
      '',
      ...vocabulary.families.flatMap((family) => family.labels),
      ...vocabulary.qualityLabels,
      ...vocabulary.foreignLabels,
      ...vocabulary.nonLodgingLabels,
      ...vocabulary.unknownLabels,
    ]);
    expect([...labels].filter((label) => !known.has(label))).toEqual([]);
  });
});

describe('writeGeneratedExport', () => {
  it.each(['plain.jsonl', 'packed.jsonl.gz'])('writes the generated lines to %s', async (name) => {
    const file = path.join(dir, name);
    const written = await writeGeneratedExport(file, { country: 'pt', count: 1200, seed: 3 });
    const raw = await readFile(file);
    const text = name.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
    expect(text).toBe(`${generate('pt', 1200, 3).join('\n')}\n`);
    expect(written).toEqual({ lines: 1200, bytes: (await stat(file)).size });
  });
});

describe('lodging generate', () => {
  const io = (): CliIo & { out: string[] } => {
    const out: string[] = [];
    return { out, stdout: (text) => out.push(text), stderr: (text) => out.push(text), env: {} };
  };

  it('writes the export and says what it wrote', async () => {
    const file = path.join(dir, 'cli.jsonl');
    const cli = io();
    expect(await runGenerateCommand(['--country', 'GB', '--count', '50', '--seed', '9', file], cli)).toBe(0);
    expect((await readFile(file, 'utf8')).trimEnd().split('\n')).toEqual(generate('gb', 50, 9));
    expect(cli.out.join('')).toContain('50 lines');
  });

  it.each([
    ['no country', ['--count', '5', 'out.jsonl']],
    ['an unknown country', ['--country', 'de', '--count', '5', 'out.jsonl']],
    ['no count', ['--country', 'es', 'out.jsonl']],
    ['a count that is not an integer', ['--country', 'es', '--count', '5k', 'out.jsonl']],
    ['no output file', ['--country', 'es', '--count', '5']],
  ])('is a usage error with %s', async (_, argv) => {
    await expect(runGenerateCommand(argv, io())).rejects.toBeInstanceOf(UsageError);
  });
});

describe('importing a generated export', () => {
  it.each(COUNTRY_CODES)('imports 2,000 generated %s lines without a crash, every label known but the unknown set', async (country) => {
    const file = path.join(dir, `import-${country}.jsonl`);
    await writeGeneratedExport(file, { country, count: 2000 });
    const dataDir = await mkdtemp(path.join(dir, `data-${country}-`));
    const runner = createInProcessRunner({ threads: 0 });
    try {
      const { report } = await runner.run({ country, files: [file], dataDir });
      expect(report.lines).toBe(2000);
      expect(report.listings + report.badLines).toBe(2000);
      expect(report.byStatus.published).toBeGreaterThan(1500);
      const unknown = report.unknownLabels.map((entry) => entry.label);
      expect(unknown.filter((label) => !VOCABULARIES[country].unknownLabels.includes(label))).toEqual([]);
    } finally {
      await runner.close();
    }
  });
});
