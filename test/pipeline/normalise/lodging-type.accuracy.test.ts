// The label tables classify a committed table of real labels (fixtures/labels/real-labels.tsv) at 97 % or better, per country too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LODGING_TYPES_BY_SPECIFICITY } from '../../../model/place.ts';
import { classifyLabel, classifyLodgingType } from '../../../pipeline/normalise/lodging-type.ts';

const TABLE = path.resolve('fixtures/labels/real-labels.tsv');
const COUNTRIES = ['es', 'pt', 'fr', 'gb'] as const;
const MIN_ROWS = 250;
const MIN_ROWS_PER_COUNTRY = 40;
const MIN_ACCURACY = 0.97;
/** What a row may expect: a lodgingType, or a label that names no kind of place. */
const EXPECTATIONS = new Set<string>([...LODGING_TYPES_BY_SPECIFICITY, 'quality', 'non-lodging']);

interface Row {
  line: number;
  label: string;
  country: string;
  expected: string;
}

function readRows(): Row[] {
  const rows: Row[] = [];
  readFileSync(TABLE, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      if (text.trim() === '' || text.startsWith('#')) return;
      const [label = '', country = '', expected = '', ...rest] = text.split('\t');
      if (rest.length > 0) throw new Error(`real-labels.tsv:${index + 1}: more than three columns`);
      rows.push({ line: index + 1, label, country, expected });
    });
  return rows;
}

/** The verdict in the table's terms: the key for a lodging label, else the verdict's kind. */
function verdictOf(label: string): string {
  const verdict = classifyLabel(label);
  if (verdict === null) return 'no-letters';
  return verdict.kind === 'lodging' ? (verdict.key ?? 'lodging') : verdict.kind;
}

function misses(rows: readonly Row[]): string[] {
  return rows
    .map((row) => ({ row, got: verdictOf(row.label) }))
    .filter(({ row, got }) => got !== row.expected)
    .map(({ row, got }) => `line ${row.line} ${row.country} "${row.label}": expected ${row.expected}, got ${got}`);
}

function accuracyReport(rows: readonly Row[], scope: string): { accuracy: number; message: string } {
  const wrong = misses(rows);
  const accuracy = (rows.length - wrong.length) / rows.length;
  const percent = (accuracy * 100).toFixed(1);
  return { accuracy, message: `${scope}: ${rows.length - wrong.length}/${rows.length} (${percent} %); misses:\n${wrong.join('\n')}` };
}

const rows = readRows();

describe('the real-label table', () => {
  it('is well formed: enough rows from every country, known expectations, no row twice', () => {
    expect(rows.length).toBeGreaterThanOrEqual(MIN_ROWS);
    for (const country of COUNTRIES) {
      expect(rows.filter((row) => row.country === country).length, country).toBeGreaterThanOrEqual(MIN_ROWS_PER_COUNTRY);
    }
    const bad = rows.filter((row) => row.label.trim() === '' || !COUNTRIES.includes(row.country as never) || !EXPECTATIONS.has(row.expected));
    expect(bad).toEqual([]);
    const seen = new Set<string>();
    const twice = rows.filter((row) => {
      const key = `${row.country}\t${row.label}`;
      const again = seen.has(key);
      seen.add(key);
      return again;
    });
    expect(twice).toEqual([]);
  });
});

describe('lodgingType accuracy on real labels', () => {
  it(`classifies at least ${MIN_ACCURACY * 100} % of the table to its expected kind`, () => {
    const { accuracy, message } = accuracyReport(rows, 'all countries');
    expect(accuracy, message).toBeGreaterThanOrEqual(MIN_ACCURACY);
  });

  it.each(COUNTRIES)(`classifies at least ${MIN_ACCURACY * 100} %% of the %s labels`, (country) => {
    const { accuracy, message } = accuracyReport(
      rows.filter((row) => row.country === country),
      country,
    );
    expect(accuracy, message).toBeGreaterThanOrEqual(MIN_ACCURACY);
  });

  it('gives a listing labelled with one lodging label that label’s kind, and a quality label alone makes lodging', () => {
    const wrong = rows
      .filter((row) => row.expected !== 'non-lodging')
      .map((row) => ({ row, got: classifyLodgingType([row.label]).lodgingType }))
      .filter(({ row, got }) => got !== (row.expected === 'quality' ? 'lodging' : row.expected))
      .map(({ row, got }) => `${row.label}: ${got}`);
    expect(wrong.length / rows.length, wrong.join('\n')).toBeLessThanOrEqual(1 - MIN_ACCURACY);
  });

  it('reports a miss by line, label and both kinds (the message a failing run prints)', () => {
    const wrongRow: Row = { line: 1, label: 'Hostal', country: 'es', expected: 'hotel' };
    expect(misses([wrongRow])).toEqual(['line 1 es "Hostal": expected hotel, got guesthouse']);
    expect(accuracyReport([wrongRow], 'es').accuracy).toBe(0);
  });
});
