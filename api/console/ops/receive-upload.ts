// Streams one uploaded export (multipart/form-data) to a file in the import directory: size-limited, never buffered, nothing left behind on failure.
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
  maxBytes: number;
  /** The form field of the file. */
  fileField: string;
  /**
   * Called with the fields sent before the file (the form puts them first): a message refuses the upload with 403
   * before a byte is written (the CSRF check of a multipart form).
   */
  authorize?: (fields: Record<string, string>) => string | null;
}

export interface ReceivedUpload {
  /** The stored name in the import directory. */
  name: string;
  path: string;
  bytes: number;
  /** Every text field of the form. */
  fields: Record<string, string>;
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data\b/i.test(req.get('content-type') ?? '');
}

export async function receiveUpload(req: Request, options: UploadOptions): Promise<ReceivedUpload> {
  if (!isMultipart(req)) throw new UploadError(415, 'send the export as multipart/form-data (the upload form)');
  const root = await openImportDir(options.dir);
  // Field names are the client's: a prototype-less record, so `__proto__` or `constructor` is just a name.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: options.maxBytes, fields: 20, fieldSize: 4096, parts: 25 },
    });
  } catch {
    throw new UploadError(400, 'the form could not be read');
  }

  let temp: string | null = null;
  let fileStream: NodeJS.ReadableStream & { destroy(error?: Error): void } | null = null;
  let sink: ReturnType<typeof createWriteStream> | null = null;
  let written: Promise<{ name: string; bytes: number }> | null = null;
  let failure: UploadError | null = null;

  const finished = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value, info) => {
      if (!info.valueTruncated) fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      if (written || field !== options.fileField) {
        stream.resume();
        failure ??= new UploadError(400, `send one file, in the field "${options.fileField}"`);
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
        failure ??= new UploadError(415, info.filename ? 'the file must be a JSON Lines export: .jsonl, .ndjson or .json, plain or .gz' : 'choose a file to upload');
        return;
      }
      temp = path.join(root, `.upload-${randomBytes(8).toString('hex')}.part`);
      fileStream = stream;
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      stream.on('limit', () => {
        failure ??= new UploadError(413, `the file is larger than the upload limit (${options.maxBytes} bytes, LODGING_UPLOAD_MAX_BYTES)`);
      });
      // 'wx': never follows or replaces anything already at that name (a planted link included).
      sink = createWriteStream(temp, { flags: 'wx', mode: 0o640 });
      written = pipeline(stream, sink).then(() => ({ name, bytes }));
      written.catch(() => undefined);
    });
    parser.on('close', resolve);
    parser.on('error', reject);
    req.on('aborted', () => reject(new UploadError(400, 'the upload was interrupted')));
    req.on('close', () => {
      if (!req.complete) reject(new UploadError(400, 'the upload was interrupted'));
    });
  });

  // An interrupted upload's streams are destroyed at once, so no handle keeps its removed file's disk space.
  const cleanUp = async () => {
    fileStream?.destroy();
    sink?.destroy();
    if (written) await (written as Promise<unknown>).catch(() => undefined);
    if (temp) await fs.rm(temp, { force: true });
  };
  try {
    req.pipe(parser);
    await finished;
    const result = written ? await (written as Promise<{ name: string; bytes: number }>) : null;
    if (failure) throw failure;
    if (!result || temp === null) throw new UploadError(400, 'choose a file to upload');
    // An empty file is still an export (the publication gates refuse it): it is kept like any other.
    const stored = `${stamp()}-${randomBytes(2).toString('hex')}-${result.name}`;
    const final = path.join(root, stored);
    // link + unlink: fails rather than replaces when the name is taken.
    await fs.link(temp, final);
    await fs.rm(temp, { force: true });
    temp = null;
    return { name: stored, path: final, bytes: result.bytes, fields };
  } catch (error) {
    req.unpipe(parser);
    req.resume();
    await cleanUp();
    if (error instanceof UploadError) throw error;
    if (failure) throw failure;
    throw new UploadError(400, 'the upload could not be read to its end');
  }
}
