// `npm run data:check -- DIR`: imports every export in DIR (named `<cc>-….jsonl[.gz]`) into a temporary data directory and prints per-field fill shares, defect counts and gazetteer counts of the published places; every moved city goes to bench/out/data-check-moved.tsv.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSnapshotRecords } from '../pipeline/snapshot/records-file.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const CHARACTER_REFERENCE = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;
const MARKUP = /<\/?[a-z][^>]*>/i;
/** An article after the name: "Orotava (La)", "Laguna, La", "Palmas (Las)". */
const TRAILING_ARTICLE = /(?:\(\s*(?:el|la|los|las|l'|els|les|o|a|os|as|le|the)\s*\)|,\s*(?:el|la|los|las|els|les|o|a|os|as|le|the))\s*$/i;
const DOUBLED = /^(.+?)\s+\1$/i;
/** A decimal kilometre point split at its comma: "Km 38, 5" where "Km 38,5" was written. */
const SPLIT_DECIMAL = /\bkm\.?\s*\d+, \d{1,3}(?!\d)/i;
/** Each country's full postal code; anything else published as a postal code is partial ("3800" for "3800-901"). */
const FULL_POSTAL_CODE: Record<string, RegExp> = {
  es: /^\d{5}$/,
  fr: /^\d{5}$/,
  pt: /^\d{4}-\d{3}$/,
  gb: /^(?:[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|GIR 0AA)$/,
};

interface PlaceRow {
  id: string;
  place: string;
  issues: string;
}

interface Imported {
  rows: PlaceRow[];
  /** Published listings not served: the same place as another (same_place_duplicates). */
  merged: number;
  /** The import report's shared-host pass (pipeline/dedup/portal-hosts.ts). */
  portalHosts: PortalCounts;
}

interface PortalCounts {
  found: number;
  websitesDropped: number;
  ownSitesKept: number;
}

interface Counts {
  places: number;
  merged: number;
  portal: PortalCounts;
  filled: Record<string, number>;
  defects: Record<string, number>;
}

const FIELDS: Record<string, (place: Record<string, any>) => unknown> = {
  name: (p) => p.name,
  legalName: (p) => p.legalName,
  street: (p) => p.address?.street,
  city: (p) => p.address?.city,
  state: (p) => p.address?.state,
  postalCode: (p) => p.address?.postalCode,
  location: (p) => p.location,
  phone: (p) => p.phone,
  email: (p) => p.email,
  website: (p) => p.website,
  sourceMapsUrl: (p) => p.sourceMapsUrl,
  lodgingTypes: (p) => (p.lodgingTypes?.length > 0 ? p.lodgingTypes : null),
  rating: (p) => p.rating,
  reviewCount: (p) => p.reviewCount,
  openingHours: (p) => p.openingHours,
};

const DEFECTS = [
  'character references left',
  'markup left',
  'city with bracketed/trailing article',
  'name with bracketed/trailing article',
  'doubled city',
  'doubled state',
  'street with a split decimal',
  'partial postal code',
  'website with a space',
  'website on a third-party host',
  'names flagged by name-suggests',
  'cities checked against the gazetteer',
  'cities moved (city-from-gazetteer)',
  'cities put in the official form',
  'cities kept far from the point (flagged)',
  'cities left out (no town clearly nearest)',
  'postal codes dropped (contradict the city)',
  'regions repaired (state-from-postal-code)',
] as const;

/** Every moved city, for review: export, id, name, the city before (the issue's value and detail), the city after. */
const moved: string[][] = [];

function thirdPartyHosts(): string[] {
  try {
    const table = JSON.parse(readFileSync(path.join(root, 'data/hosts/third-party.json'), 'utf8')) as {
      hosts: { host: string }[];
    };
    return table.hosts.map((entry) => entry.host.toLowerCase());
  } catch {
    return [];
  }
}

function onHost(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return hosts.some((listed) => host === listed || host.endsWith(`.${listed}`));
}

function measure({ rows, merged, portalHosts }: Imported, hosts: readonly string[], exportName: string): Counts {
  const counts: Counts = { places: rows.length, merged, portal: { ...portalHosts }, filled: {}, defects: {} };
  for (const name of Object.keys(FIELDS)) counts.filled[name] = 0;
  for (const name of DEFECTS) counts.defects[name] = 0;
  const count = (name: (typeof DEFECTS)[number], hit: boolean) => {
    if (hit) counts.defects[name]! += 1;
  };
  for (const row of rows) {
    const place = JSON.parse(row.place) as Record<string, any>;
    const issues = JSON.parse(row.issues) as { field: string; code: string; value?: string; detail?: string; group?: string }[];
    for (const [name, read] of Object.entries(FIELDS)) {
      const value = read(place);
      if (value !== null && value !== undefined && value !== '') counts.filled[name]! += 1;
    }
    const address = place.address ?? {};
    const texts = [place.name, place.legalName, address.street, address.city, address.state, address.postalCode, ...(place.lodgingTypes ?? [])]
      .filter((text): text is string => typeof text === 'string');
    count('character references left', texts.some((text) => CHARACTER_REFERENCE.test(text)));
    count('markup left', texts.some((text) => MARKUP.test(text)));
    count('city with bracketed/trailing article', typeof address.city === 'string' && TRAILING_ARTICLE.test(address.city));
    count('name with bracketed/trailing article', typeof place.name === 'string' && TRAILING_ARTICLE.test(place.name));
    count('doubled city', typeof address.city === 'string' && DOUBLED.test(address.city));
    count('doubled state', typeof address.state === 'string' && DOUBLED.test(address.state));
    count('street with a split decimal', typeof address.street === 'string' && SPLIT_DECIMAL.test(address.street));
    const fullPostalCode = FULL_POSTAL_CODE[String(address.country)];
    count('partial postal code', typeof address.postalCode === 'string' && fullPostalCode !== undefined && !fullPostalCode.test(address.postalCode));
    const website = typeof place.website === 'string' ? place.website : null;
    count('website with a space', website !== null && /\s|%20/.test(website));
    count('website on a third-party host', website !== null && onHost(new URL(website).hostname, hosts));
    count('names flagged by name-suggests', issues.some((found) => found.code === 'name-suggests'));
    count('cities checked against the gazetteer', place.location != null);
    const move = issues.find((found) => found.code === 'city-from-gazetteer');
    count('cities moved (city-from-gazetteer)', move !== undefined);
    count('cities put in the official form', issues.some((found) => found.code === 'city-official-name'));
    count('cities kept far from the point (flagged)', issues.some((found) => found.code === 'city-far-from-location'));
    count('cities left out (no town clearly nearest)', issues.some((found) => found.code === 'invalid-city' && found.group === 'unclear-nearest'));
    count('postal codes dropped (contradict the city)', issues.some((found) => found.code === 'postal-code-contradicts-city'));
    count('regions repaired (state-from-postal-code)', issues.some((found) => found.code === 'state-from-postal-code'));
    if (move !== undefined) moved.push([exportName, row.id, place.name, move.group ?? '', move.detail ?? '', address.city ?? '', address.state ?? '', `${place.location?.latitude},${place.location?.longitude}`]);
  }
  return counts;
}

function importExport(file: string, country: string): Imported {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lodging-data-check-'));
  try {
    const run = spawnSync(
      process.execPath,
      [path.join(root, 'bin/lodging.js'), 'import', '--country', country, '--json', '--force', '--reason', 'data check', file],
      { env: { ...process.env, LODGING_DATA_DIR: dataDir, LODGING_RUNTIME: 'tsx' }, encoding: 'utf8', maxBuffer: 64 << 20 },
    );
    if (run.status !== 0) throw new Error(`import of ${file} failed (exit ${run.status}): ${run.stderr.slice(-500)}`);
    const pointer = JSON.parse(readFileSync(path.join(dataDir, 'snapshots', country, 'current.json'), 'utf8')) as { file: string };
    const { db } = openSnapshotRecords(path.join(dataDir, 'snapshots', pointer.file));
    try {
      const rows = db
        .prepare("SELECT id, place, issues FROM listings WHERE status = 'published' AND id NOT IN (SELECT id FROM same_place_duplicates) ORDER BY id")
        .all() as PlaceRow[];
      const report = JSON.parse(run.stdout) as { portalHosts?: PortalCounts };
      return {
        rows,
        merged: db.prepare('SELECT count(*) FROM same_place_duplicates').pluck().get() as number,
        portalHosts: report.portalHosts ?? { found: 0, websitesDropped: 0, ownSitesKept: 0 },
      };
    } finally {
      db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function share(part: number, whole: number): string {
  return whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`;
}

function printTable(results: [string, Counts][]): void {
  const total: Counts = { places: 0, merged: 0, portal: { found: 0, websitesDropped: 0, ownSitesKept: 0 }, filled: {}, defects: {} };
  for (const [, counts] of results) {
    total.places += counts.places;
    total.merged += counts.merged;
    for (const key of ['found', 'websitesDropped', 'ownSitesKept'] as const) total.portal[key] += counts.portal[key];
    for (const [key, value] of Object.entries(counts.filled)) total.filled[key] = (total.filled[key] ?? 0) + value;
    for (const [key, value] of Object.entries(counts.defects)) total.defects[key] = (total.defects[key] ?? 0) + value;
  }
  const columns: [string, Counts][] = [...results, ['all', total]];
  const line = (cells: string[]) => process.stdout.write(`| ${cells.join(' | ')} |\n`);
  line(['', ...columns.map(([name]) => name)]);
  line(['---', ...columns.map(() => '---:')]);
  line(['published places', ...columns.map(([, counts]) => String(counts.places))]);
  line(['duplicates merged (same place)', ...columns.map(([, counts]) => String(counts.merged))]);
  line(['portal hosts found (shared by unrelated places)', ...columns.map(([, counts]) => String(counts.portal.found))]);
  line(['websites dropped as a portal page', ...columns.map(([, counts]) => String(counts.portal.websitesDropped))]);
  line(['own sites kept on a shared host', ...columns.map(([, counts]) => String(counts.portal.ownSitesKept))]);
  for (const field of Object.keys(FIELDS)) {
    line([`fill: ${field}`, ...columns.map(([, counts]) => share(counts.filled[field]!, counts.places))]);
  }
  for (const defect of DEFECTS) line([defect, ...columns.map(([, counts]) => String(counts.defects[defect]))]);
}

function main(): number {
  const dir = process.argv[2];
  if (dir === undefined) {
    process.stderr.write('usage: npm run data:check -- DIR (exports named <cc>-….jsonl or .jsonl.gz)\n');
    return 2;
  }
  const hosts = thirdPartyHosts();
  const results: [string, Counts][] = [];
  for (const name of readdirSync(dir).sort()) {
    const country = /^(es|fr|gb|pt)-.*\.jsonl(?:\.gz)?$/.exec(name)?.[1];
    if (country === undefined) continue;
    process.stderr.write(`importing ${name}…\n`);
    const exportName = name.replace(/\.jsonl(?:\.gz)?$/, '');
    results.push([exportName, measure(importExport(path.join(dir, name), country), hosts, exportName)]);
  }
  if (results.length === 0) {
    process.stderr.write(`no <cc>-….jsonl exports in ${dir}\n`);
    return 2;
  }
  printTable(results);
  const outDir = path.join(root, 'bench/out');
  mkdirSync(outDir, { recursive: true });
  const header = ['export', 'id', 'name', 'why', 'detail', 'city', 'state', 'location'];
  writeFileSync(path.join(outDir, 'data-check-moved.tsv'), [header, ...moved].map((cells) => cells.join('\t')).join('\n') + '\n');
  process.stderr.write(`moved cities: ${moved.length}, listed in bench/out/data-check-moved.tsv\n`);
  return 0;
}

process.exitCode = main();
