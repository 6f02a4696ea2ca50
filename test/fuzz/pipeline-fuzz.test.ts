// Fuzzes an import: generated hostile lines mixed into a generated export. The import completes, every hostile line is reported with its number and reason, the good lines publish exactly as without them.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINE_BYTES, MAX_NESTING_DEPTH } from '../../model/limits.ts';
import { generateListingLines } from '../../pipeline/generate/generate-listings.ts';
import { importFiles } from '../../pipeline/jobs/import-files.ts';
import { snapshotPath } from '../../pipeline/snapshot/snapshot-paths.ts';
import { readPointer } from '../../pipeline/snapshot/snapshot-pointer.ts';
import { openSnapshotRecords } from '../../pipeline/snapshot/records-file.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const GOOD_LINES = 400;
const HOSTILE_LINES = 120;

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodging-pipeline-fuzz-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const FIELDS = ['providerId', 'name', 'legalName', 'address', 'fullAddress', 'location', 'phone', 'phones', 'email', 'website', 'mapsUrl', 'categories', 'rating', 'reviewCount', 'verified', 'openingHours', 'businessStatus', 'whatsappCheck', 'crawledAt'];

/** Every hostile line has its own provider id (or none), so it can never displace or change a good listing. */
const hostileLine = (n: number): fc.Arbitrary<Buffer> => {
  const id = `hostile-${n}`;
  const deep = (depth: number, open: string, close: string) => open.repeat(depth) + '"x"' + close.repeat(depth);
  return fc.oneof(
    // deep nesting in a field the rules read, or anywhere
    fc.tuple(fc.constantFrom(...FIELDS), fc.integer({ min: MAX_NESTING_DEPTH + 1, max: 50_000 }), fc.boolean()).map(([field, depth, array]) =>
      Buffer.from(`{"providerId":"${id}","${field}":${array ? deep(depth, '[', ']') : deep(depth, '{"a":', '}')}}`),
    ),
    // a string over the line bound
    fc.constant(null).map(() => Buffer.from(`{"providerId":"${id}","name":"${'n'.repeat(MAX_LINE_BYTES + 1)}"}`)),
    // strings over their field's bound
    fc.tuple(fc.constantFrom('name', 'legalName', 'providerId', 'fullAddress'), fc.integer({ min: 501, max: 100_000 })).map(([field, length]) =>
      Buffer.from(JSON.stringify({ providerId: id, name: 'Hotel', [field]: field === 'providerId' ? `${id}-${'p'.repeat(length)}` : 'x'.repeat(length) })),
    ),
    // a wrong type in every field (name an object, so the listing is rejected for having no name)
    fc.tuple(...FIELDS.filter((f) => f !== 'providerId').map(() => fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 1 })))).map((values) => {
      const listing: Record<string, unknown> = { providerId: id };
      FIELDS.filter((f) => f !== 'providerId').forEach((field, i) => (listing[field] = values[i]));
      listing.name = { wrong: 'type' };
      return Buffer.from(JSON.stringify(listing));
    }),
    // invalid UTF-8, NUL and other control bytes inside and outside strings
    fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => Buffer.concat([Buffer.from(`{"providerId":"${id}","name":"`), Buffer.from([0xff, ...bytes.map((b) => (b === 0x0a ? 0xff : b))]), Buffer.from('"')])),
    fc.constantFrom(Buffer.from([0xc3, 0x28, 0xa0, 0xa1]), Buffer.from('\u0000\u0000'), Buffer.from(`{"providerId":"${id}"\u0000}`), Buffer.from('\uFEFF{"providerId":"' + id + '"')),
    // not JSON, not an object
    fc.constantFrom('[1,2,3]', 'null', '"just a string"', '42', '{"providerId":', 'NaN').map((text) => Buffer.from(text)),
  );
};

function goodLines(): string[] {
  return [...generateListingLines({ country: 'es', count: GOOD_LINES, seed: 7 })];
}

interface Outcome {
  published: Map<string, string>;
  rejectedLines: Map<number, string>;
  listingsByLine: Map<number, { status: string; reasons: string }>;
  reportBadLines: number;
}

async function importBuffer(name: string, content: Buffer): Promise<Outcome> {
  const file = path.join(dir, `${name}.jsonl`);
  await fs.writeFile(file, content);
  const dataDir = path.join(dir, `${name}-data`);
  const { report } = await importFiles({ country: 'es', files: [file], dataDir }, { threads: 0 });
  const info = readPointer(dataDir, 'es')!;
  const db = openSnapshotRecords(snapshotPath(dataDir, 'es', info.version)).db;
  try {
    const published = new Map((db.prepare('SELECT id, place_json FROM places').raw().all() as [string, string][]).map(([id, json]) => [id, json]));
    const rejectedLines = new Map((db.prepare('SELECT line, reason FROM rejected_lines').raw().all() as [number, string][]).map(([line, reason]) => [line, reason]));
    const listingsByLine = new Map(
      (db.prepare('SELECT source_line, status, reasons FROM listings').raw().all() as [number, string, string][]).map(([line, status, reasons]) => [line, { status, reasons }]),
    );
    return { published, rejectedLines, listingsByLine, reportBadLines: report.badLines };
  } finally {
    db.close();
  }
}

describe('an export with hostile lines mixed in', () => {
  it('imports, reports every hostile line with its number and reason, and publishes the good lines exactly as without them', async () => {
    const good = goodLines();
    const clean = await importBuffer('clean', Buffer.from(good.join('\n') + '\n'));

    const hostile = fc.sample(fc.tuple(...Array.from({ length: HOSTILE_LINES }, (_, n) => hostileLine(n))), { numRuns: 1, seed: SEED })[0]!;
    const positions = fc.sample(fc.array(fc.nat({ max: GOOD_LINES }), { minLength: HOSTILE_LINES, maxLength: HOSTILE_LINES }), { numRuns: 1, seed: SEED })[0]!;
    const slots: Buffer[][] = Array.from({ length: GOOD_LINES + 1 }, () => []);
    hostile.forEach((line, i) => slots[positions[i]!]!.push(line));
    const lines: Buffer[] = [];
    const hostileLineNumbers: number[] = [];
    const eol = (i: number) => Buffer.from(i % 3 === 0 ? '\r\n' : '\n'); // CRLF and LF mixed
    for (let slot = 0; slot <= GOOD_LINES; slot += 1) {
      for (const line of slots[slot]!) {
        lines.push(line, eol(lines.length));
        hostileLineNumbers.push(lines.length / 2);
      }
      if (slot < GOOD_LINES) lines.push(Buffer.from(good[slot]!), eol(lines.length));
    }
    const mixed = await importBuffer('mixed', Buffer.concat([Buffer.from('\uFEFF'), ...lines]));

    const context = `seed ${SEED} (reproduce with FUZZ_SEED=${SEED})`;
    // Every hostile line is accounted for: a bad line with a reason, or a listing rejected with its reasons.
    const unreported = hostileLineNumbers.filter((line) => {
      const reason = mixed.rejectedLines.get(line);
      if (reason !== undefined) return reason === '';
      const listing = mixed.listingsByLine.get(line);
      return !listing || listing.status === 'published' || listing.reasons === '[]';
    });
    expect(unreported.map((line) => `${line}: ${lines[(line - 1) * 2]!.subarray(0, 120).toString('latin1')} ${JSON.stringify(mixed.listingsByLine.get(line))}`), context).toEqual([]);
    expect(mixed.reportBadLines, context).toBeGreaterThan(0);
    // The good lines publish exactly as they do without the hostile ones.
    expect([...mixed.published.keys()].filter((id) => id.startsWith('es-hostile')), context).toEqual([]);
    expect(mixed.published.size, context).toBe(clean.published.size);
    for (const [id, json] of clean.published) expect(mixed.published.get(id), `${context}: ${id}`).toBe(json);
  }, 120_000);
});
