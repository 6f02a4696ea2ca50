// Uploads stream into the import directory: size limit, no escape by name or link, nothing left behind when refused or cut off.
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listImportFiles, resolveImportFile, safeExportName } from '../../../../api/console/ops/import-directory.ts';
import { receiveUpload, UploadError } from '../../../../api/console/ops/receive-upload.ts';

let root: string;
let dir: string;
let url: string;
let close: () => Promise<void>;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lodging-upload-'));
  dir = path.join(root, 'imports');
  const app = express();
  app.post('/upload', async (req, res) => {
    try {
      const upload = await receiveUpload(req, {
        dir,
        maxBytes: 1000,
        fileField: 'export',
        authorize: (fields) => (fields.token === 'ok' ? null : 'bad token'),
      });
      res.json({ name: upload.name, bytes: upload.bytes, country: upload.fields.country });
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      res.status(error.status).json({ error: error.message });
    }
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterEach(async () => {
  await close();
  await rm(root, { recursive: true, force: true });
});

function form(content: Uint8Array<ArrayBuffer> | string, filename: string, fields: Record<string, string> = { token: 'ok', country: 'es' }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('export', new Blob([content]), filename);
  return body;
}

const post = (body: FormData) => fetch(url, { method: 'POST', body });
const stored = async () => (await readdir(dir).catch(() => [] as string[])).sort();

describe('receiveUpload', () => {
  it('streams the file into the import directory under a safe, unique name', async () => {
    const res = await post(form('{"providerId":"a"}\n', 'es export.jsonl'));
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { name: string; bytes: number; country: string };
    expect(answer.name).toMatch(/^\d{8}-\d{6}-[0-9a-f]{4}-es-export\.jsonl$/);
    expect(answer).toMatchObject({ bytes: 19, country: 'es' });
    expect(await readFile(path.join(dir, answer.name), 'utf8')).toBe('{"providerId":"a"}\n');
    expect(await stored()).toEqual([answer.name]);
  });

  it('accepts gzip as is', async () => {
    const gz = new Uint8Array(gzipSync('{"providerId":"a"}\n'));
    const answer = (await (await post(form(gz, 'es.jsonl.gz'))).json()) as { name: string };
    expect(new Uint8Array(await readFile(path.join(dir, answer.name)))).toEqual(gz);
  });

  it('keeps only the last segment of a name that tries to leave the directory', async () => {
    const answer = (await (await post(form('x\n', '../../../etc/evil.jsonl'))).json()) as { name: string };
    expect(answer.name).toMatch(/-evil\.jsonl$/);
    expect(await stored()).toEqual([answer.name]);
    expect(safeExportName('..\\..\\boot.ini')).toBeNull();
    expect(safeExportName('....jsonl')).toBeNull();
  });

  it('refuses a file over the limit with 413 and leaves nothing behind', async () => {
    const res = await post(form('x'.repeat(1001), 'big.jsonl'));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/LODGING_UPLOAD_MAX_BYTES/);
    expect(await stored()).toEqual([]);
  });

  it('refuses a file that is no export (415), a form without the token (403) or without a file (400), writing nothing', async () => {
    expect((await post(form('x', 'notes.txt'))).status).toBe(415);
    expect((await post(form('x', 'es.jsonl', { token: 'forged' }))).status).toBe(403);
    const empty = new FormData();
    empty.append('token', 'ok');
    expect((await post(empty)).status).toBe(400);
    expect((await fetch(url, { method: 'POST', body: 'plain' })).status).toBe(415);
    expect(await stored()).toEqual([]);
  });

  it('leaves nothing behind when the upload is cut off half way', async () => {
    const boundary = 'cutoffboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\nok\r\n--${boundary}\r\nContent-Disposition: form-data; name="export"; filename="es.jsonl"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': '900' } });
    req.on('error', () => undefined);
    req.write(head + 'y'.repeat(300));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await stored()).some((n) => n.endsWith('.part'))).toBe(true);
    req.destroy();
    for (let i = 0; i < 50 && (await stored()).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await stored()).toEqual([]);
  });

  it('closes the file of an upload cut off half way: no handle keeps the removed file', async () => {
    const openParts = async () => {
      const fds = await readdir('/proc/self/fd').catch(() => [] as string[]);
      const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
      return targets.filter((t) => t.includes('.upload-') && t.startsWith(root));
    };
    const boundary = 'leakboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\nok\r\n--${boundary}\r\nContent-Disposition: form-data; name="export"; filename="es.jsonl"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    for (let round = 0; round < 3; round++) {
      const req = httpRequest(url, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': '900' } });
      req.on('error', () => undefined);
      req.write(head + 'z'.repeat(300));
      await new Promise((resolve) => setTimeout(resolve, 150));
      req.destroy();
    }
    for (let i = 0; i < 100 && ((await openParts()).length > 0 || (await stored()).length > 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await openParts()).toEqual([]);
    expect(await stored()).toEqual([]);
  });
});

describe('the import directory', () => {
  it('lists exports and resolves a named one; a link out of the directory or a folder in the name is refused', async () => {
    await post(form('a\n', 'es.jsonl'));
    const outside = path.join(root, 'secret.jsonl');
    await writeFile(outside, 'secret\n');
    await symlink(outside, path.join(dir, 'escape.jsonl'));
    const files = await listImportFiles(dir);
    expect(files.map((f) => f.name)).toEqual([expect.stringMatching(/-es\.jsonl$/)]);
    await expect(resolveImportFile(dir, files[0]!.name)).resolves.toBe(path.join(await import('node:fs/promises').then((fs) => fs.realpath(dir)), files[0]!.name));
    await expect(resolveImportFile(dir, 'escape.jsonl')).rejects.toThrow(/outside the import directory/);
    await expect(resolveImportFile(dir, '../secret.jsonl')).rejects.toThrow(/without folders/);
    await expect(resolveImportFile(dir, 'missing.jsonl')).rejects.toThrow(/no file/);
  });
});
