// Start an import: upload an export (streamed to disk) or name one in the import directory; each import a child `lodging import`, watched live.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { isCountryCode } from '../../../model/place.ts';
import { checkCsrfToken } from '../csrf.ts';
import type { ConsoleKit } from '../console-kit.ts';
import { CSRF_FIELD, button, postForm, selectField, when } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';
import { ImportFileError, listImportFiles, resolveImportFile } from './import-directory.ts';
import { ImportBusyError, type ImportJob } from './import-jobs.ts';
import { firstError, formText, parseFields, parseQuery, requireForm } from '../form-input.ts';
import { COUNTRY_NAMES, COUNTRY_QUERY, OPS, actorName, countryChoices, operatorOnly, parseCountry, recordAction, type OpsContext, type OpsPlugin, sendOps } from './ops-kit.ts';
import { receiveUpload, UploadError } from './receive-upload.ts';
import { pruneUploads } from './upload-retention.ts';
import { formatSize } from '../../../platform/format/index.ts';

const STATE_TEXT: Record<ImportJob['state'], string> = {
  running: 'Running',
  published: 'Published',
  'dry-run': 'Dry run finished (nothing published)',
  refused: 'Refused by a publication gate: nothing published, candidate held',
  failed: 'Failed: nothing published',
};

const mb = formatSize;

/** The job as the live page and the event stream show it (no server paths). */
export function jobView(job: ImportJob) {
  return {
    id: job.id,
    country: job.country,
    files: job.files,
    dryRun: job.dryRun,
    state: job.state,
    stateText: STATE_TEXT[job.state],
    finished: job.state !== 'running',
    progress: job.progress,
    runId: job.runId,
    messages: job.messages,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}

function progressBlock(job: ImportJob): Markup {
  const p = job.progress;
  const percent = p?.percent ?? 0;
  return html`<div class="progress-block" id="import-progress" data-job="${job.id}" data-finished="${job.state !== 'running' ? 'yes' : 'no'}">
<p class="state state-${job.state}" id="import-state" role="status">${STATE_TEXT[job.state]}</p>
<label for="import-bar">Read</label>
<progress id="import-bar" max="100" value="${percent}">${percent}%</progress>
<dl class="facts">
<dt>Phase</dt><dd id="fig-phase">${p?.phase ?? 'starting'}</dd>
<dt>Read</dt><dd id="fig-percent">${percent}%${p ? ` (${mb(p.bytesRead)} of ${mb(p.bytesTotal)})` : ''}</dd>
<dt>Lines read</dt><dd id="fig-lines">${p?.linesRead ?? 0}</dd>
<dt>Listings written</dt><dd id="fig-written">${p?.listingsWritten ?? 0}</dd>
</dl>
<ul id="import-messages" class="messages">${job.messages.map((m) => html`<li><code>${m}</code></li>`)}</ul>
<p id="import-next">${
    job.runId ? html`<a class="button plain" href="${OPS}/runs/${job.runId}">Open the run and its report</a>` : job.state === 'running' ? 'The run appears here once it is recorded.' : ''
  }</p>
</div>`;
}

async function importsPage(kit: ConsoleKit, ops: OpsContext, req: Request, res: Response, error: { status: number; message: string } | null = null) {
  const csrf = await kit.csrfToken(res);
  const files = await listImportFiles(ops.importDir);
  const jobs = await ops.launcher.list();
  const query = parseQuery(COUNTRY_QUERY, req);
  const country = query.ok ? (query.data.country ?? null) : null;
  const countryField = (suffix: string) =>
    html`<div class="field"><label for="field-country-${suffix}">Country</label><select id="field-country-${suffix}" name="country" required>${countryChoices(country).map(
      (o) => html`<option value="${o.value}"${o.selected ? html` selected` : ''}>${o.label}</option>`,
    )}</select></div>`;
  const dryRun = (suffix: string) =>
    html`<div class="field check"><input type="checkbox" id="field-dry-run-${suffix}" name="dryRun" value="yes"><label for="field-dry-run-${suffix}">Dry run: gates, diff and report, nothing published</label></div>`;
  await sendOps(kit, req, res, {
    title: 'Start an import',
    status: error?.status ?? 200,
    notices: error ? [{ kind: 'error', text: error.message }] : [],
    body: html`<p class="lead">Each import runs as its own <code>lodging import</code> process${
      ops.redisUrl ? html` handing the work to the BullMQ workers (<a href="${OPS}/queues">queues</a>)` : ''
    }, never inside this server; one import per country at a time. The publication gates decide whether it goes live.</p>
<div class="split">
<section class="card" aria-labelledby="upload-heading"><h2 id="upload-heading">Upload an export</h2>
<form method="post" action="${OPS}/imports/upload" enctype="multipart/form-data">
<input type="hidden" name="${CSRF_FIELD}" value="${csrf}">
${countryField('upload')}
${dryRun('upload')}
<div class="field"><label for="field-export">Export file</label><small id="field-export-hint">JSON Lines (.jsonl, .ndjson), plain or gzip (.gz); at most ${mb(ops.uploadMaxBytes)}.</small>
<input id="field-export" name="export" type="file" required accept=".jsonl,.ndjson,.json,.gz" aria-describedby="field-export-hint"></div>
${button('Upload and import')}
</form></section>
<section class="card" aria-labelledby="server-heading"><h2 id="server-heading">A file already on the server</h2>
${
  files.length === 0
    ? html`<p>No export in the import directory yet. Files copied into <code>${ops.importDir}</code> appear here.</p>`
    : postForm(
        `${OPS}/imports/file`,
        csrf,
        html`${countryField('file')}
${dryRun('file')}
${selectField({ label: 'File in the import directory', name: 'file', options: files.map((f) => ({ value: f.name, label: `${f.name} (${mb(f.bytes)}, ${when(f.modifiedAt)})` })) })}
${button('Import this file')}`,
      )
}</section>
</div>
<h2>Imports started here</h2>
${
  jobs.length === 0
    ? html`<p>None since this server started. The full history is on <a href="${OPS}/runs">Runs</a>.</p>`
    : html`<div class="table-wrap"><table><thead><tr><th scope="col">Started</th><th scope="col">Country</th><th scope="col">File</th><th scope="col">State</th><th scope="col">By</th></tr></thead>
<tbody>${jobs.map(
        (j) => html`<tr><td><a href="${OPS}/imports/${j.id}">${when(j.startedAt)}</a></td><td>${COUNTRY_NAMES[j.country]}</td><td><code>${j.files.join(', ')}</code>${j.dryRun ? ' (dry run)' : ''}</td><td>${STATE_TEXT[j.state]}${
          j.state === 'running' && j.progress ? ` ${j.progress.percent}%` : ''
        }</td><td>${j.by}</td></tr>`,
      )}</tbody></table></div>`
}`,
  });
}

/** The fields that start an import, from the upload form or the server-file form; the country's rule is parseCountry's. */
const START_FORM = z.object({ country: formText({ max: 20 }), dryRun: formText({ max: 10 }) });
const FILE_FORM = z.object({ file: formText({ max: 300 }) });

async function startJob(kit: ConsoleKit, ops: OpsContext, req: Request, res: Response, fields: unknown, file: string, stored: string) {
  const form = parseFields(START_FORM, fields);
  if (!form.ok) return importsPage(kit, ops, req, res, { status: 400, message: `Nothing was started: ${firstError(form.errors)}.` });
  const country = parseCountry(form.data.country);
  if (!country || !isCountryCode(country)) return importsPage(kit, ops, req, res, { status: 400, message: 'Choose the country of the export.' });
  const dryRun = form.data.dryRun === 'yes';
  try {
    const job = await ops.launcher.start({ country, files: [file], dryRun, by: actorName(kit, res) });
    await recordAction(kit, req, res, 'import-started', `${country} ${stored}${dryRun ? ' (dry run)' : ''}, job ${job.id}`);
    res.redirect(303, `${OPS}/imports/${job.id}`);
  } catch (error) {
    if (error instanceof ImportBusyError) return importsPage(kit, ops, req, res, { status: 409, message: error.message });
    throw error;
  }
}

export const importPages: OpsPlugin = (router, kit, ops) => {
  const guard = operatorOnly(kit);
  router.get(`/ops/imports`, ...guard, (req, res) => importsPage(kit, ops, req, res));

  router.post(`/ops/imports/upload`, ...guard, async (req, res) => {
    const session = kit.session(res);
    let upload;
    try {
      upload = await receiveUpload(req, {
        dir: ops.importDir,
        maxBytes: ops.uploadMaxBytes,
        fileField: 'export',
        // The CSRF field comes first in the form: checked before a byte of the file is written.
        authorize: (fields) =>
          checkCsrfToken(req, kit.deps.publicUrl, session?.record.csrfToken ?? null, fields[CSRF_FIELD]) === 'ok'
            ? null
            : 'This form has expired or was sent from another site: nothing was uploaded. Open the page again and retry.',
      });
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      if (error.status === 413) res.setHeader('Connection', 'close');
      return importsPage(kit, ops, req, res, { status: error.status, message: `Nothing was uploaded: ${error.message}.` });
    }
    await pruneUploads(ops.importDir, ops.uploads, upload.name);
    await startJob(kit, ops, req, res, upload.fields, upload.path, upload.name);
  });

  router.post(`/ops/imports/file`, ...guard, async (req, res) => {
    const fields = requireForm(FILE_FORM, req);
    try {
      const file = await resolveImportFile(ops.importDir, fields.file);
      await startJob(kit, ops, req, res, req.body, file, fields.file);
    } catch (error) {
      if (error instanceof ImportFileError) return importsPage(kit, ops, req, res, { status: 400, message: error.message });
      throw error;
    }
  });

  router.get(`/ops/imports/:id`, ...guard, async (req, res) => {
    const job = await ops.launcher.get(String(req.params.id));
    if (!job) {
      return sendOps(kit, req, res, { title: 'No such import', status: 404, body: html`<p>This server has no import with that id (it may have restarted). <a href="${OPS}/runs">The run history</a> has every run.</p>` });
    }
    await sendOps(kit, req, res, {
      title: `Import of ${COUNTRY_NAMES[job.country]}${job.dryRun ? ' (dry run)' : ''}`,
      body: html`${
        // Without JavaScript the page reloads itself while the import runs; with it, ops.js follows the event stream instead.
        job.state === 'running' ? html`<noscript><meta http-equiv="refresh" content="2"></noscript>` : ''
      }<p class="lead">File <code>${job.files.join(', ')}</code>, started ${when(job.startedAt)} by ${job.by}${job.queue ? ', on the BullMQ workers' : ''}.</p>
${progressBlock(job)}
<p><a href="${OPS}/imports">Back to imports</a></p>
<script src="/console/static/ops.js" defer></script>`,
    });
  });

  router.get(`/ops/imports/:id/events`, ...guard, async (req, res) => {
    const job = await ops.launcher.get(String(req.params.id));
    if (!job) {
      res.status(404).type('text').send('no such import');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no', Connection: 'keep-alive' });
    let last = 0;
    let timer: NodeJS.Timeout | null = null;
    const send = (current: ImportJob) => {
      timer = null;
      last = Date.now();
      res.write(`event: job\ndata: ${JSON.stringify(jobView(current))}\n\n`);
      if (current.state !== 'running') {
        stop();
        res.end();
      }
    };
    // At most 4 updates a second; the end is always sent.
    const onChange = (current: ImportJob) => {
      if (current.state !== 'running') {
        if (timer) clearTimeout(timer);
        return send(current);
      }
      if (timer) return;
      timer = setTimeout(() => send(current), Math.max(0, 250 - (Date.now() - last)));
    };
    const unsubscribe = ops.launcher.subscribe(job.id, onChange);
    const heartbeat = setInterval(() => res.write(': still here\n\n'), 15_000);
    const stop = () => {
      unsubscribe();
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
    };
    req.on('close', stop);
    send(job);
  });
};

