// The Exports page: each country's current downloadable version, its files' sizes and a copyable curl; this key's downloads today.
import type { Request, Response } from 'express';
import { COUNTRY_CODES, type CountryCode } from '../../../model/place.ts';
import { formatCountOf, formatSize } from '../../../platform/format/index.ts';
import { html, type Markup } from '../../../platform/html/index.ts';
import { EXPORT_FORMATS, readManifest, refusedExports, type ExportFormat, type ExportManifest } from '../../../pipeline/index.ts';
import { keyState, listAccountKeys } from '../../accounts/key-service.ts';
import type { DownloadAllowance } from '../../exports/download-allowance.ts';
import type { QueryService } from '../../query/query-service.ts';
import type { ConsoleKit, ConsolePlugin } from '../console-kit.ts';
import { when } from '../form-html.ts';
import { keyLabel } from '../key-markup.ts';

export interface ExportPagesSource {
  query: QueryService;
  dataDir: string;
  allowance: DownloadAllowance;
  downloadsPerDay: number;
}

interface Row {
  country: CountryCode;
  version: string;
  publishedAt: string;
  count: number;
  manifest: ExportManifest | null;
  /** The files the shared store sent failed their check on this server: none are served for the version. */
  refused: boolean;
}

function curlOf(publicUrl: string, country: CountryCode, version: string, format: string): string {
  return `curl -H 'X-API-Key: YOUR_KEY' -OJ -C - '${publicUrl}/api/v1/exports/${country}/${version}.${format}'`;
}

const FORMAT_NAMES: Record<ExportFormat, string> = { parquet: 'GeoParquet', 'jsonl.gz': 'JSON Lines gzip' };

function exportSection(row: Row, publicUrl: string): Markup {
  const files = row.manifest?.files ?? [];
  const sizeOf = (format: ExportFormat) => {
    const file = files.find((f) => f.format === format);
    if (row.refused) return 'not served here (its copy failed its check)';
    return file ? formatSize(file.bytes) : 'written on first download';
  };
  return html`<section class="card" aria-labelledby="export-${row.country}"><h2 id="export-${row.country}">${row.country.toUpperCase()}: version ${row.version}</h2>
<p>${formatCountOf(row.count, 'place')}, published ${when(row.publishedAt)}. ${EXPORT_FORMATS.map((format) => `${FORMAT_NAMES[format]} ${sizeOf(format)}`).join('; ')}.</p>
${EXPORT_FORMATS.map((format) => {
  const id = `curl-${row.country}-${format.replace('.', '-')}`;
  return html`<div class="field"><label for="${id}">${FORMAT_NAMES[format]} (curl)</label>
<div class="copy-row"><textarea id="${id}" class="code curl" rows="2" readonly spellcheck="false">${curlOf(publicUrl, row.country, row.version, format)}</textarea>
<button type="button" class="button" data-copy="${id}" aria-label="Copy ${FORMAT_NAMES[format]} curl" hidden>Copy</button></div></div>`;
})}
</section>`;
}

async function exportsPage(kit: ConsoleKit, source: ExportPagesSource, req: Request, res: Response): Promise<void> {
  const account = kit.account(res);
  const current = source.query.snapshots();
  const rows: Row[] = COUNTRY_CODES.flatMap((country) => {
    const info = current[country];
    return info ? [{ country, version: info.version, publishedAt: info.publishedAt, count: info.publishedCount, manifest: readManifest(source.dataDir, country, info.version), refused: refusedExports(source.dataDir, country, info.version) !== null }] : [];
  });
  const now = new Date();
  const keys = (await listAccountKeys(kit.deps.stores, account.id, now)).filter((key) => keyState(key, now) === 'active');
  const used = await Promise.all(keys.map((key) => source.allowance.used(key.id)));
  const publicUrl = kit.deps.publicUrl;
  await kit.send(req, res, {
    title: 'Exports',
    body: html`<p>Whole countries as files, one pair per published version: GeoParquet and JSON Lines (gzip), with a manifest
(<code>GET /api/v1/exports/{country}</code>). Replace <code>YOUR_KEY</code> with one of your keys; <code>-C -</code> resumes an interrupted download.
See <a href="/docs">the API docs</a> and docs/api.md, “Bulk exports”.</p>
${rows.length === 0 ? html`<p>No country is published yet.</p>` : rows.map((row) => exportSection(row, publicUrl))}
<section aria-labelledby="downloads-heading"><h2 id="downloads-heading">Downloads today (UTC)</h2>
<p>Each key may start ${source.downloadsPerDay} downloads a day; resuming one with a Range costs nothing more.</p>
${
  keys.length === 0
    ? html`<p>You have no active key.</p>`
    : html`<div class="table-wrap"><table><caption>Downloads started today, by key</caption>
<thead><tr><th scope="col">Key</th><th scope="col">Downloads</th></tr></thead>
<tbody>${keys.map((key, i) => html`<tr><th scope="row"><a href="/console/keys/${key.id}">${keyLabel(key)}</a></th><td>${used[i]} of ${source.downloadsPerDay}</td></tr>`)}</tbody></table></div>`
}</section>`,
  });
}

export function exportPages(source: ExportPagesSource): ConsolePlugin {
  return (router, kit) => {
    kit.nav.push({ href: '/console/exports', label: 'Exports' });
    router.get('/exports', kit.requireAccount, (req, res) => exportsPage(kit, source, req, res));
  };
}
