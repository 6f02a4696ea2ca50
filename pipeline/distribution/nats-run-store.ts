// The run history on NATS JetStream: run records in a KV bucket, reports, held candidates' files and runs' records files in an object store, one history for every machine.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { KV, ObjectStore } from 'nats';
import { isRevisionConflict } from '../../platform/nats-connection.ts';
import type { DownloadObject } from './nats-object-download.ts';
import { recordsPath, snapshotsDir } from '../snapshot/snapshot-paths.ts';
import { compressedStream, RECORDS_BROTLI_QUALITY } from './compressed-stream.ts';
import { sha256OfFile } from './stored-snapshot.ts';
import { holdCandidate } from '../runs/held-candidates.ts';
import type { RunRecord } from '../runs/run-record.ts';
import { checkRunId, interruptedRun, newestFirst, reportHtmlPath, saveReportFiles, UnknownRunError, writeAtomically, type RunStore } from '../runs/run-store.ts';

export interface NatsRunBuckets {
  /** `run.<runId>`: the run record as JSON; `candidate.<runId>`, `records.<runId>`: the SHA-256 of its shared candidate file, of its records file. */
  records: KV;
  /** `report.<runId>.json`, `report.<runId>.html`, `candidate.<runId>`, `records.<runId>` (brotli). */
  files: ObjectStore;
  /** Downloads an object of `files` to a file, without hashing it on the event loop. */
  download: DownloadObject;
}

/** Tries of a read-change-write that another process keeps beating to the record. */
const UPDATE_TRIES = 20;

const encode = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const recordKey = (runId: string) => `run.${checkRunId(runId)}`;
const candidateObject = (runId: string) => `candidate.${runId}`;
const recordsObject = (runId: string) => `records.${checkRunId(runId)}`;


/** `dataDir` is where this machine keeps its copies: report pages it shows, candidates it publishes. */
export function natsRunStore({ records, files, download }: NatsRunBuckets, dataDir: string): RunStore {
  const entry = async (runId: string): Promise<{ run: RunRecord; revision: number }> => {
    const found = await records.get(recordKey(runId));
    if (!found || found.operation !== 'PUT') throw new UnknownRunError(runId);
    return { run: found.json<RunRecord>(), revision: found.revision };
  };

  /** Writes `run` only over `revision`; false when another process wrote first. */
  const replace = async (run: RunRecord, revision: number): Promise<boolean> => {
    try {
      await records.update(recordKey(run.runId), encode(run), revision);
      return true;
    } catch (error) {
      if (isRevisionConflict(error)) return false;
      throw error;
    }
  };

  const reconciled = async (run: RunRecord, revision: number): Promise<RunRecord> => {
    const failed = interruptedRun(run);
    if (!failed) return run;
    // Whoever writes first wins; a reader that lost reads what was written.
    return (await replace(failed, revision)) ? failed : (await entry(run.runId)).run;
  };

  /** Downloads `object` to `file` (expanded when 'br'), only when it matches the digest kept under the same key. */
  const fetchVerified = async (object: string, file: string, what: string, encoding?: 'br'): Promise<boolean> => {
    const digest = await records.get(object);
    const found = digest?.operation === 'PUT' ? await files.info(object) : null;
    if (!digest || !found || found.deleted) return false;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.part`;
    try {
      await download(object, temp, encoding);
      const expected = digest.json<string>();
      const actual = await sha256OfFile(temp);
      if (actual !== expected) throw new Error(`${what} does not match its digest (sha256 ${actual.slice(0, 12)}…, expected ${expected.slice(0, 12)}…): not used`);
      fs.renameSync(temp, file);
      return true;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  };

  const saveRecords = async (runId: string, file: string): Promise<void> => {
    const local = recordsPath(path.join(snapshotsDir(dataDir), file));
    if (!fs.existsSync(local)) return;
    const sha256 = await sha256OfFile(local);
    const kept = await records.get(recordsObject(runId));
    if (kept?.operation === 'PUT' && kept.json<string>() === sha256) return;
    // Brotli at quality 1 (about a fifth of the file); the digest of the plain file, checked on fetch.
    await files.put({ name: recordsObject(runId) }, compressedStream(local, fs.statSync(local).size, RECORDS_BROTLI_QUALITY));
    await records.put(recordsObject(runId), encode(sha256));
  };

  const fetchRecords = async (runId: string, file: string): Promise<boolean> => {
    const local = recordsPath(path.join(snapshotsDir(dataDir), file));
    if (fs.existsSync(local)) return true;
    return fetchVerified(recordsObject(runId), local, `the records file of run ${runId}`, 'br');
  };

  const blob = async (name: string): Promise<string | null> => {
    const bytes = await files.getBlob(name);
    return bytes ? decode(bytes) : null;
  };

  return {
    kind: 'nats',

    async save(run) {
      await records.put(recordKey(run.runId), encode(run));
    },

    async read(runId) {
      const { run, revision } = await entry(runId);
      return reconciled(run, revision);
    },

    async update(runId, change) {
      for (let attempt = 0; attempt < UPDATE_TRIES; attempt += 1) {
        const { run, revision } = await entry(runId);
        const next = interruptedRun(run) ?? run;
        change(next);
        if (await replace(next, revision)) return next;
      }
      throw new Error(`run ${runId}: its record kept changing under this update (${UPDATE_TRIES} tries)`);
    },

    async list(filter = {}) {
      const keys: string[] = [];
      for await (const key of await records.keys('run.>')) keys.push(key);
      const runs: RunRecord[] = [];
      for (const key of keys) {
        const found = await records.get(key);
        if (found?.operation !== 'PUT') continue;
        const run = await reconciled(found.json<RunRecord>(), found.revision);
        if (!filter.country || run.country === filter.country) runs.push(run);
      }
      return runs.sort(newestFirst);
    },

    async saveReport(runId, json, html) {
      // This machine's copy first (what the import prints), then the shared one every machine reads.
      saveReportFiles(dataDir, runId, json, html);
      await files.putBlob({ name: `report.${checkRunId(runId)}.json` }, encode(json));
      await files.putBlob({ name: `report.${runId}.html` }, new TextEncoder().encode(html));
    },

    async readReport<T>(runId: string) {
      const text = await blob(`report.${checkRunId(runId)}.json`);
      return text === null ? null : (JSON.parse(text) as T);
    },

    async reportFile(runId) {
      const html = await blob(`report.${checkRunId(runId)}.html`);
      if (html === null) return null;
      const file = reportHtmlPath(dataDir, runId);
      writeAtomically(file, html);
      return file;
    },

    async shareCandidate(run) {
      if (!run.candidate) return;
      const file = path.join(snapshotsDir(dataDir), run.candidate.file);
      // The digest apart from the object, as a snapshot's rides on its pointer: a replaced or damaged object is refused.
      const sha256 = await sha256OfFile(file);
      await files.put({ name: candidateObject(run.runId) }, Readable.toWeb(fs.createReadStream(file)) as unknown as ReadableStream<Uint8Array>);
      await records.put(candidateObject(run.runId), encode(sha256));
      await saveRecords(run.runId, run.candidate.file);
    },

    async fetchCandidate(run) {
      if (!run.candidate) return false;
      const file = path.join(snapshotsDir(dataDir), run.candidate.file);
      if (!fs.existsSync(file)) {
        if (!(await fetchVerified(candidateObject(run.runId), file, `the shared candidate file of run ${run.runId}`))) return false;
        // Held here too, so no prune of this machine deletes it before it is published or released.
        if (run.candidate.heldUntil) holdCandidate(dataDir, { country: run.country, version: run.candidate.version }, run.runId, run.candidate.heldUntil);
      }
      // Its records, for the review's rejected lines and diffs: a candidate without them is still published.
      await fetchRecords(run.runId, run.candidate.file).catch(() => false);
      return true;
    },

    async dropCandidate(run) {
      await records.purge(candidateObject(run.runId));
      await files.delete(candidateObject(run.runId)).catch(() => undefined);
    },

    saveRecords,
    fetchRecords,
  };
}
