// Streams one export file: Content-Length, a strong ETag (its SHA-256), 304, a single Range (206/416), the allowance.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { ApiError } from '../errors.ts';
import { byteRange } from './byte-range.ts';
import type { DownloadAllowance } from './download-allowance.ts';

export interface ExportFileToSend {
  path: string;
  bytes: number;
  sha256: string;
  mediaType: string;
  /** The name a browser saves it as, e.g. es-20261122T101500123Z-ab12cd.parquet. */
  fileName: string;
}

/** If-None-Match or If-Range names this tag (a list, or `*` for If-None-Match). */
const names = (header: string | undefined, tag: string, star: boolean): boolean =>
  header !== undefined && ((star && header.trim() === '*') || header.split(',').some((candidate) => candidate.trim() === tag));

/** Reads are this large: a few system calls per megabyte keep a download at disk or network speed. */
const READ_CHUNK = 1 << 20;

export async function sendExportFile(req: Request, res: Response, file: ExportFileToSend, keyId: string, allowance: DownloadAllowance): Promise<void> {
  const tag = `"${file.sha256}"`;
  res.setHeader('ETag', tag);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
  if (names(req.get('If-None-Match'), tag, true)) {
    res.status(304).end();
    return;
  }
  // If-Range with another tag: the file changed since the part the client holds, so it gets the whole file.
  const ifRange = req.get('If-Range');
  const range = ifRange === undefined || names(ifRange, tag, false) ? byteRange(req.get('Range'), file.bytes) : ({ kind: 'whole' } as const);
  if (range.kind === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${file.bytes}`);
    res.status(416).end();
    return;
  }
  const start = range.kind === 'part' ? range.start : 0;
  const end = range.kind === 'part' ? range.end : file.bytes - 1;
  if (req.method === 'GET') {
    const decision = await allowance.take(keyId, file.fileName, start);
    res.setHeader('Download-Allowance-Limit', String(decision.limit));
    res.setHeader('Download-Allowance-Remaining', String(decision.remaining));
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(decision.resetS));
      throw new ApiError('rate-limited', `This key has started its ${decision.limit} export downloads of the day (UTC); resuming one already started today with Range still works. The allowance renews in ${decision.resetS} s.`);
    }
  }
  res.status(range.kind === 'part' ? 206 : 200);
  if (range.kind === 'part') res.setHeader('Content-Range', `bytes ${start}-${end}/${file.bytes}`);
  res.setHeader('Content-Type', file.mediaType);
  res.setHeader('Content-Length', String(end - start + 1));
  if (req.method === 'HEAD' || file.bytes === 0) {
    res.end();
    return;
  }
  try {
    await pipeline(fs.createReadStream(file.path, { start, end, highWaterMark: READ_CHUNK }), res);
  } catch (error) {
    // A client that goes away mid-download is no server error; anything else after the headers just ends the response.
    if (!res.headersSent) throw error;
    res.destroy();
  }
}
