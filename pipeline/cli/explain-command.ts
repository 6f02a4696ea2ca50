// `lodging explain --country CC FILE:LINE`: every rule that fired for one listing, for a data team reviewing a case.
import { parseArgs } from 'node:util';
import { COUNTRY_CODES, isCountryCode } from '../../model/place.ts';
import { explainListing, type ListingExplanation } from '../normalise/normalise-listing.ts';
import { placeIdFor } from '../normalise/place-id.ts';
import { normaliseProviderId } from '../normalise/scalars.ts';
import type { CountryCode } from '../../model/place.ts';
import { createSuppressionMatcher } from '../normalise/suppression.ts';
import { parseExportLine } from '../sources/parse-line.ts';
import { readExportLines } from '../sources/read-export.ts';
import { loadSuppressionFile } from '../suppression/suppression-file.ts';
import { formatExplanation } from '../report/format-explanation.ts';
import { parseConfig } from '../../platform/environment.ts';
import { UsageError, type CliIo } from '../../platform/cli-io.ts';

export const EXPLAIN_USAGE = `usage: lodging explain --country CC FILE:LINE [--json]
       lodging explain --country CC FILE --provider-id ID [--json]
  Normalises one listing of an export and shows every rule that fired: which label chose the lodgingType,
  why a phone, URL or e-mail was dropped, and why the listing has its publication status.`;

export async function runExplainCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      country: { type: 'string' },
      'provider-id': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const country = values.country?.toLowerCase();
  if (!isCountryCode(country)) throw new UsageError(`--country must be one of ${COUNTRY_CODES.join(', ')}`);
  const target = positionals[0];
  if (target === undefined || positionals.length > 1) throw new UsageError('give one FILE:LINE (or FILE with --provider-id)');
  const match = /^(.*):(\d+)$/.exec(target);
  const file = values['provider-id'] === undefined && match ? match[1]! : target;
  const wantedLine = values['provider-id'] === undefined && match ? Number(match[2]) : null;
  if (wantedLine === null && values['provider-id'] === undefined) throw new UsageError('give FILE:LINE or --provider-id');

  const suppression = await loadSuppressionFile(parseConfig(io.env).dataDir);
  const context = { country, matchSuppression: createSuppressionMatcher(suppression.list) };
  // The import keeps the earliest line of each id and rejects the later ones: so does explain.
  const firstLineOf = new Map<string, number>();
  for await (const { source, text, rejected } of readExportLines([file])) {
    const parsed = rejected ? { ok: false as const, ...rejected } : parseExportLine(text);
    const before = wantedLine !== null ? source.line < wantedLine : undefined;
    if (before === true || (wantedLine === null && parsed.ok && String(parsed.listing.providerId ?? '').trim() !== values['provider-id'])) {
      const id = parsed.ok ? idOf(country, parsed.listing.providerId) : null;
      if (id !== null && !firstLineOf.has(id)) firstLineOf.set(id, source.line);
      continue;
    }
    if (wantedLine !== null && source.line !== wantedLine) continue;
    if (!parsed.ok) {
      if (wantedLine === null) continue;
      io.stdout(`${file}:${source.line} is not a listing: ${parsed.reason}: ${parsed.detail}\n`);
      return 0;
    }
    const explanation: ListingExplanation & { duplicateOf?: { file: string; line: number } } = explainListing(
      parsed.listing,
      source,
      context,
      parsed.issues,
    );
    const first = explanation.listing.place.id ? firstLineOf.get(explanation.listing.place.id) : undefined;
    if (first !== undefined) {
      explanation.listing = { ...explanation.listing, status: 'rejected', reasons: ['duplicate-provider-id'] };
      explanation.duplicateOf = { file, line: first };
    }
    io.stdout(values.json ? `${JSON.stringify(explanation, null, 2)}\n` : formatExplanation(explanation));
    return 0;
  }
  io.stderr(`lodging explain: no listing ${wantedLine !== null ? `at line ${wantedLine}` : `with providerId "${values['provider-id']}"`} in ${file}\n`);
  return 1;
}

function idOf(country: CountryCode, raw: unknown): string | null {
  const providerId = normaliseProviderId(raw).value;
  return providerId === null ? null : placeIdFor(country, providerId);
}
