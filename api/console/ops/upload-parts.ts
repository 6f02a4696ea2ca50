// Reads the parts of one multipart upload as they arrive: text fields kept, each accepted file streamed to a temporary file, the first refusal remembered.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request } from 'express';
import { safeExportName } from './import-directory.ts';
import { originalName, UploadError } from './upload-error.ts';

/** One file of the upload, being written to its temporary name. */
export interface IncomingFile {
  temp: string;
  name: string;
  original: string;
  stream: NodeJS.ReadableStream & { destroy(error?: Error): void };
  sink: ReturnType<typeof createWriteStream>;
  /** The bytes written, once the file is whole. */
  written: Promise<number>;
}

export interface PartLimits {
  maxBytes: number;
  fileField: string;
  maxFiles: number;
  /** A message refuses the upload (403) before a byte of a file is written. */
  authorize?: (fields: Record<string, string>) => string | null;
}

export interface UploadParts {
  /** Resolves when the form is read to its end; rejects when it cannot be read or the request is interrupted. */
  done: Promise<void>;
  incoming: IncomingFile[];
  fields: Record<string, string>;
  /** The first reason to refuse the upload, once read (null: none). */
  failure(): UploadError | null;
}

/** The multipart parser of the request, bounded: at most maxFiles files, 20 fields of 4 KiB, each file maxBytes. */
export function openUploadParser(req: Request, limits: PartLimits): busboy.Busboy {
  try {
    return busboy({
      headers: req.headers,
      // Browsers send a file name's UTF-8 bytes as they are: "región.jsonl" stays itself.
      defParamCharset: 'utf8',
      limits: { files: limits.maxFiles, fileSize: limits.maxBytes, fields: 20, fieldSize: 4096, parts: 25 + limits.maxFiles },
    });
  } catch {
    throw new UploadError(400, 'the form could not be read');
  }
}

export function readUploadParts(req: Request, parser: busboy.Busboy, root: string, limits: PartLimits): UploadParts {
  // Field names are the client's: a prototype-less record, so `__proto__` or `constructor` is just a name.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const incoming: IncomingFile[] = [];
  let failure: UploadError | null = null;
  let total = 0;
  const tooLarge = () => new UploadError(413, `the upload is larger than the limit (${limits.maxBytes} bytes for every file together, LODGING_UPLOAD_MAX_BYTES)`);
  const refuse = (stream: NodeJS.ReadableStream, error: UploadError) => {
    stream.resume();
    failure ??= error;
  };

  const done = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value, info) => {
      if (!info.valueTruncated) fields[name] = value;
    });
    parser.on('filesLimit', () => {
      failure ??= new UploadError(400, `send at most ${limits.maxFiles} file${limits.maxFiles === 1 ? '' : 's'}, in the field "${limits.fileField}"`);
    });
    parser.on('file', (field, stream, info) => {
      // A multiple file input sends an empty part when nothing is chosen: no file, not an error of its own.
      if (field === limits.fileField && !info.filename) return void stream.resume();
      if (field !== limits.fileField) return refuse(stream, new UploadError(400, `send the files in the field "${limits.fileField}"`));
      const refused = limits.authorize?.(fields) ?? null;
      if (refused) return refuse(stream, new UploadError(403, refused));
      const name = safeExportName(info.filename ?? '');
      if (!name) {
        return refuse(stream, new UploadError(415, `${originalName(info.filename ?? '')}: the file must be a JSON Lines export: .jsonl, .ndjson or .json, plain or .gz`));
      }
      const temp = path.join(root, `.upload-${randomBytes(8).toString('hex')}.part`);
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        total += chunk.length;
        if (total > limits.maxBytes) {
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
  return { done, incoming, fields, failure: () => failure };
}
