// The ledger's rows from a Stryker JSON report: figures per file, one row per survivor, reasons already written kept.
import { describe, expect, it } from 'vitest';
import { ledgerReasons, survivorRows, type MutationReport } from '../../mutation/survivors.ts';

const SOURCE = ['export function slug(city: string): string {', "  return city.toLowerCase().replace(/^-|-$/g, '');", '}'].join('\n');

const report: MutationReport = {
  files: {
    'pipeline/normalise/city-slug.ts': {
      source: SOURCE,
      mutants: [
        { mutatorName: 'BlockStatement', replacement: '{}', status: 'Killed', location: { start: { line: 1, column: 44 }, end: { line: 3, column: 2 } } },
        { mutatorName: 'Regex', replacement: '/^-/g', status: 'Survived', location: { start: { line: 2, column: 37 }, end: { line: 2, column: 45 } } },
        { mutatorName: 'MethodExpression', replacement: 'city', status: 'NoCoverage', location: { start: { line: 2, column: 10 }, end: { line: 2, column: 28 } } },
        { mutatorName: 'StringLiteral', replacement: '""', status: 'CompileError', location: { start: { line: 2, column: 49 }, end: { line: 2, column: 51 } } },
      ],
    },
  },
};

describe('survivorRows', () => {
  it('gives the file its figures and a row per survivor, in line order, its original text quoted', () => {
    const rows = survivorRows(report).split('\n');
    expect(rows[0]).toBe('### city-slug.ts (2)');
    // Compile errors are not scored: 3 mutants, 1 killed.
    expect(rows[2]).toBe('3 mutants, 1 killed or timed out: 33.3 %.');
    // A pipe inside a cell is escaped, so the table keeps its columns.
    expect(rows).toContain('| 2 | Regex | `/^-\\|-$/g` → `/^-/g` | TODO: why no test can kill it |');
    expect(rows).toContain('| 2 | MethodExpression (no coverage) | `city.toLowerCase()` → `city` | TODO: why no test can kill it |');
  });

  it('carries over the reason the ledger gives the same file, line and mutator', () => {
    const ledger = ['### city-slug.ts (1)', '', '| line | mutator | mutant | why equivalent |', '|---|---|---|---|', '| 2 | Regex | `x` → `y` | the replace before leaves one hyphen |'].join('\n');
    expect(ledgerReasons(ledger)).toEqual(new Map([['city-slug.ts:2:Regex', 'the replace before leaves one hyphen']]));
    expect(survivorRows(report, ledgerReasons(ledger))).toContain('→ `/^-/g` | the replace before leaves one hyphen |');
  });

  it('reads the ledger kept beside the mutation configuration', async () => {
    const { readFileSync } = await import('node:fs');
    const reasons = ledgerReasons(readFileSync(new URL('../../mutation/ledger.md', import.meta.url), 'utf8'));
    expect(reasons.size).toBeGreaterThan(50);
  });
});
