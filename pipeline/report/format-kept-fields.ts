// Renders for a terminal what the field-loss gate reads: per field, the kept places' fill now and in the candidate, how many lost it, the new places' fill.
import { lostShareOf, newShortfallOf } from '../gates/field-loss-gate.ts';
import type { KeptFieldCounts, KeptFieldFill } from '../snapshot/kept-field-fill.ts';

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const num = (n: number) => n.toLocaleString('en-GB');
const shareOf = (n: number, of: number) => (of === 0 ? 0 : n / of);

/** Fields some place has, the most lost first, then the new places' largest shortfall; fields no place has are left out. */
export function keptFieldRows(fill: KeptFieldFill): KeptFieldCounts[] {
  return fill.fields
    .filter((f) => f.before + f.after + f.newFilled > 0)
    .sort((a, b) => lostShareOf(b, fill.kept) - lostShareOf(a, fill.kept) || newShortfallOf(b, fill) - newShortfallOf(a, fill));
}

export function formatKeptFields(fill: KeptFieldFill | null | undefined): string[] {
  if (!fill) return [];
  const rows = keptFieldRows(fill);
  if (rows.length === 0) return [];
  const width = Math.max(5, ...rows.map((r) => r.field.length));
  const lines = [`Places kept from the current snapshot (${num(fill.kept)}, same id) and new places (${num(fill.newPlaces)}), by field: what the field-loss gate reads`];
  lines.push(`  ${'field'.padEnd(width)} ${'kept: now'.padStart(10)} ${'candidate'.padStart(10)} ${'lost it'.padStart(8)} ${'new places'.padStart(11)}`);
  for (const r of rows) {
    const fresh = fill.newPlaces === 0 ? '-' : pct(shareOf(r.newFilled, fill.newPlaces));
    lines.push(
      `  ${r.field.padEnd(width)} ${pct(shareOf(r.before, fill.kept)).padStart(10)} ${pct(shareOf(r.after, fill.kept)).padStart(10)} ${num(r.lost).padStart(8)} ${fresh.padStart(11)}`,
    );
  }
  return lines;
}
