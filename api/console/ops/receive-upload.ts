// Streams the uploaded exports of one import (multipart/form-data) to files in the import directory: size-limited, never buffered, nothing left behind on failure.
import type { Request } from 'express';
import { openImportDir } from './import-directory.ts';
import { discardUploads, keepUploads, type StoredUpload } from './keep-uploads.ts';
import { UploadError } from './upload-error.ts';
import { openUploadParser, readUploadParts } from './upload-parts.ts';

export { originalName, UploadError } from './upload-error.ts';
export type { StoredUpload } from './keep-uploads.ts';

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

export interface ReceivedUpload extends StoredUpload {
  /** Every file, in the order sent (the first is also this object's name, path and bytes). */
  files: StoredUpload[];
  /** Every text field of the form. */
  fields: Record<string, string>;
}

export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data\b/i.test(req.get('content-type') ?? '');
}

/** The steps of an upload: open the parser, read the parts to temporary files, then keep them all or remove them all. */
export async function receiveUpload(req: Request, options: UploadOptions): Promise<ReceivedUpload> {
  if (!isMultipart(req)) throw new UploadError(415, 'send the export as multipart/form-data (the upload form)');
  const limits = { maxBytes: options.maxBytes, fileField: options.fileField, maxFiles: options.maxFiles ?? 1, ...(options.authorize ? { authorize: options.authorize } : {}) };
  const root = await openImportDir(options.dir);
  const parser = openUploadParser(req, limits);
  const parts = readUploadParts(req, parser, root, limits);
  const kept: string[] = [];
  try {
    req.pipe(parser);
    await parts.done;
    const sizes = await Promise.all(parts.incoming.map((file) => file.written));
    const failure = parts.failure();
    if (failure) throw failure;
    if (parts.incoming.length === 0) throw new UploadError(400, 'choose a file to upload');
    const files = await keepUploads(root, parts.incoming, sizes, kept);
    return { ...files[0]!, files, fields: parts.fields };
  } catch (error) {
    req.unpipe(parser);
    req.resume();
    // An interrupted upload's streams are destroyed at once, so no handle keeps its removed file's disk space.
    await discardUploads(parts.incoming, kept);
    if (error instanceof UploadError) throw error;
    const failure = parts.failure();
    if (failure) throw failure;
    throw new UploadError(400, 'the upload could not be read to its end');
  }
}
