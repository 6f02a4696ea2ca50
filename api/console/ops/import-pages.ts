// Start an import: upload an export (streamed to disk) or name one in the import directory; each import a child `lodging import`, watched live.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { isCountryCode } from '../../../model/place.ts';
import { checkCsrfToken } from '../csrf.ts';
import type { ConsoleKit } from '../console-kit.ts';
import { CSRF_FIELD, button, postForm, when } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';
import { ImportFileError, listImportFiles, resolveImportFile, type ImportFile } from './import-directory.ts';
import { streamImportEvents } from './import-event-stream.ts';
import { ImportBusyError, type ImportJob } from './import-jobs.ts';
import { importMessage, importOutcome, readRunOf, type ImportOutcome } from './import-outcome.ts';
import { publishedCountText, type RunRecord } from '../../../pipeline/index.ts';
import { firstError, formText, parseFields, parseQuery, requireForm } from '../form-input.ts';
import { COUNTRY_NAMES, COUNTRY_QUERY, OPS, actorName, countryChoices, showActor, operatorOnly, parseCountry, recordAction, type OpsContext, type OpsPlugin, sendOps } from './ops-kit.ts';
import { receiveUpload, UploadError } from './receive-upload.ts';
import { pruneUploads, uploadedName } from './upload-retention.ts';
import { formatSize } from '../../../platform/format/index.ts';

const STATE_TEXT: Record<ImportJob['state'], string> = {
  running: 'Running',
  published: 'Published',
  'dry-run': 'Dry run finished (nothing published)',
  refused: 'Refused by a publication gate: nothing published, candidate held',
  failed: 'Failed: nothing published',
};

/** The most files one upload or one choice of server files may hold. */
const MAX_FILES = 20;

const mb = formatSize;

/** The names of a job's files as the operator knows them: an upload's original names. */
function shownNames(job: ImportJob): string[] {
  return job.names && job.names.length === job.files.length ? job.names : job.files;
}

/** The job as the live page and the event stream show it (no server paths), with what its run came to. */
export function jobView(job: ImportJob, run: RunRecord | null = null) {
  const outcome = importOutcome(job, run);
  return {
    id: job.id,
    country: job.country,
    files: shownNames(job),
    dryRun: job.dryRun,
    state: job.state,
    stateText: outcome.laterText ?? STATE_TEXT[job.state],
    finished: job.state !== 'running',
    progress: job.progress,
    runId: job.runId,
    outcomeText: outcomeText(outcome),
    held: outcome.held,
    messages: job.messages.map((m) => importMessage(m, job)),
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}

const n = (value: number) => value.toLocaleString('en-GB');

/** Where the lines went: published (or would publish) + rejected + suppressed + closed + unreadable = lines read. */
function outcomeText(outcome: ImportOutcome): string {
  const c = outcome.counts;
  return c && outcome.outcome ? `${publishedCountText(outcome.outcome, c.published)}, ${n(c.rejected)} rejected, ${n(c.suppressed)} suppressed, ${n(c.closed)} closed, ${n(c.unreadable)} unreadable` : '';
}

function progressBlock(job: ImportJob, run: RunRecord | null): Markup {
  const view = jobView(job, run);
  const p = job.progress;
  const percent = p?.percent ?? 0;
  return html`<div class="progress-block" id="import-progress" data-job="${job.id}" data-finished="${job.state !== 'running' ? 'yes' : 'no'}">
<p class="state state-${job.state}" id="import-state" role="status">${view.stateText}</p>
<label for="import-bar">Read</label>
<progress id="import-bar" max="100" value="${percent}">${percent}%</progress>
<dl class="facts">
<dt>Phase</dt><dd id="fig-phase">${p?.phase ?? 'starting'}</dd>
<dt>Read</dt><dd id="fig-percent">${percent}%${p ? ` (${mb(p.bytesRead)} of ${mb(p.bytesTotal)})` : ''}</dd>
<dt>Lines read</dt><dd id="fig-lines">${p?.linesRead ?? 0}</dd>
<dt>Listings written</dt><dd id="fig-written">${p?.listingsWritten ?? 0}</dd>
<dt>Outcome</dt><dd id="fig-outcome">${view.outcomeText || '—'}</dd>
</dl>
<ul id="import-messages" class="messages">${view.messages.map((m) => html`<li>${m.text}${m.href ? html` <a href="${m.href}">Open its report</a>` : ''}</li>`)}</ul>
<p id="import-next">${
    job.runId
      ? html`${view.held ? html`<a class="button" href="${OPS}/held#candidate-${job.runId}">Review the held candidate</a> ` : ''}<a class="button plain" href="${OPS}/runs/${job.runId}">Open the run and its report</a>`
      : job.state === 'running'
        ? 'The run appears here once it is recorded.'
        : ''
  }</p>
</div>`;
}

/** The state as the run record has it now, with where the lines went and the way to the held candidate. */
function stateCell(view: ReturnType<typeof jobView>): Markup {
  return html`${view.stateText}${view.state === 'running' && view.progress ? ` ${view.progress.percent}%` : ''}${
    view.outcomeText ? html`<br><small>${view.outcomeText}</small>` : ''
  }${view.held && view.runId ? html`<br><a href="${OPS}/held#candidate-${view.runId}">Review the held candidate</a>` : ''}`;
}

/** Checkboxes, none ticked: the operator chooses every file of the import (the newest may be an empty or a partial copy). */
function filePicker(files: ImportFile[]): Markup {
  return html`<fieldset class="field file-picker" aria-describedby="field-file-hint"><legend>Files in the import directory</legend>
<small id="field-file-hint">Tick every file of the country: they run as one import. Newest first.</small>
<ul class="file-choices">${files.map(
    (f, i) => html`<li><input type="checkbox" id="field-file-${i}" name="file" value="${f.name}"><label for="field-file-${i}"><code>${uploadedName(f.name)}</code> <small>${uploadedName(f.name) === f.name ? '' : 'uploaded, '}${mb(f.bytes)}${f.bytes === 0 ? ' (empty)' : ''}, ${when(f.modifiedAt)}</small></label></li>`,
  )}</ul></fieldset>`;
}

async function importsPage(kit: ConsoleKit, ops: OpsContext, req: Request, res: Response, error: { status: number; message: string } | null = null) {
  const csrf = await kit.csrfToken(res);
  const files = await listImportFiles(ops.importDir);
  const jobs = await ops.launcher.list();
  const jobRuns = await Promise.all(jobs.map(async (j) => [j, await readRunOf(ops.runs, j)] as const));
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
<div class="field"><label for="field-export">Export files</label><small id="field-export-hint">One or several files of the country (e.g. its regional exports), imported together as one import that replaces the country. JSON Lines (.jsonl, .ndjson), plain or gzip (.gz); at most ${mb(ops.uploadMaxBytes)} in all.</small>
<input id="field-export" name="export" type="file" multiple required accept=".jsonl,.ndjson,.json,.gz" aria-describedby="field-export-hint"></div>
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
${filePicker(files)}
${button('Import the chosen files')}`,
      )
}</section>
</div>
<h2>Imports started here</h2>
${
  jobs.length === 0
    ? html`<p>None since this server started. The full history is on <a href="${OPS}/runs">Runs</a>.</p>`
    : html`<div class="table-wrap"><table><thead><tr><th scope="col">Started</th><th scope="col">Country</th><th scope="col">Files</th><th scope="col">State</th><th scope="col">By</th></tr></thead>
<tbody>${jobRuns.map(
        ([j, run]) => html`<tr><td><a href="${OPS}/imports/${j.id}">${when(j.startedAt)}</a></td><td>${COUNTRY_NAMES[j.country]}</td><td>${shownNames(j).map((n, i) => html`${i ? ', ' : ''}<code>${n}</code>`)}${j.dryRun ? ' (dry run)' : ''}</td><td>${stateCell(jobView(j, run))}</td><td>${showActor(j.by)}</td></tr>`,
      )}</tbody></table></div>`
}`,
  });
}

/** The fields that start an import, from the upload form or the server-file form; the country's rule is parseCountry's. */
const START_FORM = z.object({ country: formText({ max: 20 }), dryRun: formText({ max: 10 }) });
/** One file name, or several (the picker's checkboxes); their rule is resolveImportFile's. */
const FILE_FORM = z.object({
  file: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(300, 'is too long')).max(15, 'at most 15 files at once')),
});

interface ChosenFile {
  path: string;
  /** The name shown: an upload's original, a server file's own. */
  name: string;
  /** The name in the import directory. */
  stored: string;
}

/** The audit trail names both: what the operator chose and what the import directory holds. */
const auditName = (c: ChosenFile) => (c.name === c.stored ? c.stored : `${c.name} as ${c.stored}`);

async function startJob(kit: ConsoleKit, ops: OpsContext, req: Request, res: Response, fields: unknown, chosen: ChosenFile[]) {
  const form = parseFields(START_FORM, fields);
  if (!form.ok) return importsPage(kit, ops, req, res, { status: 400, message: `Nothing was started: ${firstError(form.errors)}.` });
  const country = parseCountry(form.data.country);
  if (!country || !isCountryCode(country)) return importsPage(kit, ops, req, res, { status: 400, message: 'Choose the country of the export.' });
  const dryRun = form.data.dryRun === 'yes';
  try {
    const job = await ops.launcher.start({ country, files: chosen.map((c) => c.path), names: chosen.map((c) => c.name), dryRun, by: actorName(kit, res) });
    await recordAction(kit, req, res, 'import-started', `${country} ${chosen.map(auditName).join(', ')}${dryRun ? ' (dry run)' : ''}, job ${job.id}`);
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
        maxFiles: MAX_FILES,
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
    await pruneUploads(ops.importDir, ops.uploads, upload.files.map((f) => f.name));
    await startJob(kit, ops, req, res, upload.fields, upload.files.map((f) => ({ path: f.path, name: f.original, stored: f.name })));
  });

  router.post(`/ops/imports/file`, ...guard, async (req, res) => {
    const fields = requireForm(FILE_FORM, req);
    const names = [...new Set(fields.file)];
    if (names.length === 0) return importsPage(kit, ops, req, res, { status: 400, message: 'Nothing was started: tick at least one file.' });
    try {
      const chosen: ChosenFile[] = [];
      for (const name of names) chosen.push({ path: await resolveImportFile(ops.importDir, name), name, stored: name });
      await startJob(kit, ops, req, res, req.body, chosen);
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
      }<p class="lead">${job.files.length === 1 ? 'File' : `${job.files.length} files, one import:`} ${shownNames(job).map((n, i) => html`${i ? ', ' : ''}<code>${n}</code>`)}, started ${when(job.startedAt)} by ${showActor(job.by)}${job.queue ? ', on the BullMQ workers' : ''}.</p>
${progressBlock(job, await readRunOf(ops.runs, job))}
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
    streamImportEvents(req, res, job, { subscribe: (id, listener) => ops.launcher.subscribe(id, listener), runOf: (current) => readRunOf(ops.runs, current), view: jobView });
  });
};

