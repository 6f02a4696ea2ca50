// Sends a country-scoped body with its snapshot version and, where cacheable, a strong ETag answered by 304.
import { hash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Served } from '../query/query-service.ts';

/** A strong validator: the body's SHA-256 (the same body is the same bytes, whatever the snapshot). */
export function entityTag(body: string): string {
  return `"${hash('sha256', body, 'base64url').slice(0, 32)}"`; // one-shot: no Hash object per response
}

/** If-None-Match names this tag (a list, or `*`); weak forms match too, as RFC 9110 has GET compare weakly. */
function matches(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

/** 200 with the body, or 304 without one when the client holds the same tag (rate limit headers already set). */
export function sendServed(req: Request, res: Response, served: Served, options: { cacheable: boolean }): void {
  if (served.version !== null) res.setHeader('X-Snapshot-Version', served.version);
  if (!options.cacheable) {
    res.type('application/json').send(served.json);
    return;
  }
  const tag = entityTag(served.json);
  res.setHeader('ETag', tag);
  res.setHeader('Cache-Control', 'private, no-cache');
  if (matches(req.get('If-None-Match'), tag)) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(served.json);
}
