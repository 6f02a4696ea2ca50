// Streams the uploaded exports of one import (multipart/form-data) to files in the import directory: size-limited, never buffered, nothing left behind on failure.
import { AppError } from '../../../platform/errors/app-error.ts';
import { randomBytes } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request } from 'express';
import { openImportDir, safeExportName } from './import-directory.ts';

export class UploadError extends AppError {
  declare readonly status: 400 | 403 | 413 | 415;
  constructor(status: 400 | 403 | 413 | 415, message: string) {
    super(message, { code: 'upload-refused', status });
    this.name = 'UploadError';
  }
}

export interface UploadOptions {
  /** The import directory. */
  dir: string;
  /** The most bytes of one upload, every file together. */
  maxBytes: number;
  /** The form field of the files. */
  fileField: string;
  /** How many files one upload may carry (default 1). */
  maxFiles?: number;
  /**
   * Called with the fields sent before the file (the form puts them first): a message refuses the upload with 403
   * before a byte is written (the CSRF check of a multipart form).
   */
  authorize?: (fields: Record<string, string>) => string | null;
}

export interface StoredUpload {
  /** The stored name in the import directory. */
  name: string;
  /** The name the browser sent (its last segment, printable, at most 200 characters): what pages show. */
  original: string;
  path: string;
  bytes: number;
}

export interface ReceivedUpload extends StoredUpload {
  /** Every file, in the order sent (the first is also this object's name, path and bytes). */
  files: StoredUpload[];
  /** Every text field of the form. */
  fields: Record<string, string>;
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/** The browser's file name as pages show it: its last segment, without control or bidi characters. */
export function originalName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '').slice(0, 200);
}

export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data\b/i.test(req.get('content-type') ?? '');
}

interface Incoming {
  temp: string;
  name: string;
  original: string;
  stream: NodeJS.ReadableStream & { destroy(error?: Error): void };
  sink: ReturnType<typeof createWriteStream>;
  written: Promise<number>;
}

export async function receiveUpload(req: Request, options: UploadOptions): Promise<ReceivedUpload> {
  if (!isMultipart(req)) throw new UploadError(415, 'send the export as multipart/form-data (the upload form)');
  const maxFiles = options.maxFiles ?? 1;
  const root = await openImportDir(options.dir);
  // Field names are the client's: a prototype-less record, so `__proto__` or `constructor` is just a name.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // Browsers send a file name's UTF-8 bytes as they are: "región.jsonl" stays itself.
      defParamCharset: 'utf8',
      limits: { files: maxFiles, fileSize: options.maxBytes, fields: 20, fieldSize: 4096, parts: 25 + maxFiles },
    });
  } catch {
    throw new UploadError(400, 'the form could not be read');
  }

  const incoming: Incoming[] = [];
  let failure: UploadError | null = null;
  let total = 0;
  const tooLarge = () => new UploadError(413, `the upload is larger than the limit (${options.maxBytes} bytes for every file together, LODGING_UPLOAD_MAX_BYTES)`);

  const finished = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value, info) => {
      if (!info.valueTruncated) fields[name] = value;
    });
    parser.on('filesLimit', () => {
      failure ??= new UploadError(400, `send at most ${maxFiles} file${maxFiles === 1 ? '' : 's'}, in the field "${options.fileField}"`);
    });
    parser.on('file', (field, stream, info) => {
      // A multiple file input sends an empty part when nothing is chosen: no file, not an error of its own.
      if (field === options.fileField && !info.filename) {
        stream.resume();
        return;
      }
      if (field !== options.fileField) {
        stream.resume();
        failure ??= new UploadError(400, `send the files in the field "${options.fileField}"`);
        return;
      }
      const refused = options.authorize?.(fields) ?? null;
      if (refused) {
        stream.resume();
        failure ??= new UploadError(403, refused);
        return;
      }
      const name = safeExportName(info.filename ?? '');
      if (!name) {
        stream.resume();
        failure ??= new UploadError(415, `${originalName(info.filename ?? '')}: the file must be a JSON Lines export: .jsonl, .ndjson or .json, plain or .gz`);
        return;
      }
      const temp = path.join(root, `.upload-${randomBytes(8).toString('hex')}.part`);
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        total += chunk.length;
        if (total > options.maxBytes) {
          failure ??= tooLarge();
          stream.resume();
        }
      });
      stream.on('limit', () => {
        failure ??= tooLarge();
      });
      // 'wx': never follows or replaces anything already at that name (a planted link included).
      const sink = createWriteStream(temp, { flags: 'wx', mode: 0o640 });
      const written = pipeline(stream, sink).then(() => bytes);
      written.catch(() => undefined);
      incoming.push({ temp, name, original: originalName(info.filename ?? name) || name, stream, sink, written });
    });
    parser.on('close', resolve);
    parser.on('error', reject);
    req.on('aborted', () => reject(new UploadError(400, 'the upload was interrupted')));
    req.on('close', () => {
      if (!req.complete) reject(new UploadError(400, 'the upload was interrupted'));
    });
  });

  // An interrupted upload's streams are destroyed at once, so no handle keeps its removed file's disk space.
  const kept: string[] = [];
  const cleanUp = async () => {
    for (const file of incoming) {
      file.stream.destroy();
      file.sink.destroy();
    }
    await Promise.all(incoming.map((file) => file.written.catch(() => undefined)));
    await Promise.all([...incoming.map((file) => file.temp), ...kept].map((file) => fs.rm(file, { force: true })));
  };
  try {
    req.pipe(parser);
    await finished;
    const sizes = await Promise.all(incoming.map((file) => file.written));
    if (failure) throw failure;
    if (incoming.length === 0) throw new UploadError(400, 'choose a file to upload');
    const files: StoredUpload[] = [];
    for (const [index, file] of incoming.entries()) {
      // An empty file is still an export (the publication gates refuse it): it is kept like any other.
      const stored = `${stamp()}-${randomBytes(2).toString('hex')}-${file.name}`;
      const final = path.join(root, stored);
      // link + unlink: fails rather than replaces when the name is taken.
      await fs.link(file.temp, final);
      kept.push(final);
      await fs.rm(file.temp, { force: true });
      files.push({ name: stored, original: file.original, path: final, bytes: sizes[index]! });
    }
    return { ...files[0]!, files, fields };
  } catch (error) {
    req.unpipe(parser);
    req.resume();
    await cleanUp();
    if (error instanceof UploadError) throw error;
    if (failure) throw failure;
    throw new UploadError(400, 'the upload could not be read to its end');
  }
}
