// Prints a Stryker JSON report's figures and surviving mutants as rows of mutation/ledger.md, reasons already listed carried over.
// node --import tsx mutation/survivors.ts [report.json] [ledger.md]: defaults .tmp/mutation/mutation.json and mutation/ledger.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const KILLED = new Set(['Killed', 'Timeout']);
const LEFT = new Set(['Survived', 'NoCoverage']);
const UNSCORED = new Set(['CompileError', 'RuntimeError', 'Ignored']);

interface Position {
  line: number;
  column: number;
}
interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: Position; end: Position };
}
/** The part of Stryker's JSON report (mutation-testing-report-schema) read here. */
export interface MutationReport {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

/** The source text a mutant replaces, on one line (Stryker's columns are 1-based, its end exclusive). */
function original(source: string, { start, end }: Mutant['location']): string {
  const lines = source.split('\n');
  const text = start.line === end.line
    ? lines[start.line - 1]!.slice(start.column - 1, end.column - 1)
    : [lines[start.line - 1]!.slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1]!.slice(0, end.column - 1)].join(' ');
  return text.replace(/\s+/g, ' ').trim();
}

const cell = (text: string): string => `\`${text.replace(/\|/g, '\\|').replace(/`/g, "'")}\``;

/** The reasons of the ledger's rows, by file, line and mutator: `${file}:${line}:${mutator}` → reason. */
export function ledgerReasons(ledger: string): Map<string, string> {
  const reasons = new Map<string, string>();
  let file: string | null = null;
  for (const line of ledger.split('\n')) {
    const heading = /^### (\S+\.ts)\b/.exec(line);
    if (heading) file = heading[1]!;
    const row = /^\| (\d+) \| (\w+)(?: \(no coverage\))? \| .* \| ([^|]+) \|$/.exec(line);
    if (file && row) reasons.set(`${file}:${row[1]}:${row[2]}`, row[3]!.trim());
  }
  return reasons;
}

/** One ledger section per mutated file: its figures, then a row per survivor. */
export function survivorRows(report: MutationReport, reasons: ReadonlyMap<string, string> = new Map()): string {
  const out: string[] = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const name = path.basename(file);
    const scored = mutants.filter((m) => !UNSCORED.has(m.status));
    const killed = scored.filter((m) => KILLED.has(m.status)).length;
    const left = scored.filter((m) => LEFT.has(m.status)).sort((a, b) => a.location.start.line - b.location.start.line);
    const score = scored.length === 0 ? 100 : (100 * killed) / scored.length;
    out.push(`### ${name} (${left.length})`, '', `${scored.length} mutants, ${killed} killed or timed out: ${score.toFixed(1)} %.`);
    if (left.length > 0) out.push('', '| line | mutator | mutant | why equivalent |', '|---|---|---|---|');
    for (const m of left) {
      const line = m.location.start.line;
      const mutator = `${m.mutatorName}${m.status === 'NoCoverage' ? ' (no coverage)' : ''}`;
      const reason = reasons.get(`${name}:${line}:${m.mutatorName}`) ?? 'TODO: why no test can kill it';
      out.push(`| ${line} | ${mutator} | ${cell(original(source, m.location))} → ${cell(m.replacement ?? '')} | ${reason} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [reportFile = '.tmp/mutation/mutation.json', ledgerFile = 'mutation/ledger.md'] = process.argv.slice(2);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as MutationReport;
  let reasons = new Map<string, string>();
  try {
    reasons = ledgerReasons(readFileSync(ledgerFile, 'utf8'));
  } catch {
    // No ledger yet: every reason is to be written.
  }
  process.stdout.write(survivorRows(report, reasons));
}
