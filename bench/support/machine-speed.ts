// A fixed one-core workload that uses none of the project's code, timed in CPU: tells how fast this machine is today, so figures from days on different machines can be set side by side.

import { createHash } from 'node:crypto';

/** What the workload does, once: the kinds of work an import does (JSON, strings, Unicode folding, hashing), on fixed data. */
function workload(): number {
  const rows = Array.from({ length: 20_000 }, (_, i) => ({
    id: `es-${i.toString(36).padStart(6, '0')}`,
    name: `Hôtel Número ${i} de la Plaça`,
    address: { street: `Calle ${i % 97} ${i % 13}`, city: ['Sevilla', 'Málaga', 'A Coruña', 'Lleida'][i % 4], postalCode: String(10_000 + i) },
    rating: (i % 50) / 10,
    tags: ['hotel', 'hostal', 'camping'].slice(0, 1 + (i % 3)),
  }));
  let text = '';
  for (let round = 0; round < 3; round += 1) text = JSON.stringify(JSON.parse(JSON.stringify(rows)));
  let folded = 0;
  for (const row of rows) folded += row.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(' ').length;
  const hash = createHash('sha256');
  for (let i = 0; i < 8; i += 1) hash.update(text);
  return folded + hash.digest()[0]!;
}

/**
 * The workload's CPU on this thread in milliseconds, the best of `rounds` (a first round warms the JIT and is not
 * counted). Lower is faster; the same code on the same machine gives the same figure within a few per cent when quiet.
 */
export function machineSpeedMs(rounds = 5): number {
  workload();
  let best = Infinity;
  for (let round = 0; round < rounds; round += 1) {
    const before = process.cpuUsage();
    workload();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return Math.round(best);
}
