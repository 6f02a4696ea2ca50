// Sends a country-scoped body with its snapshot version and, where cacheable, a strong ETag answered by 304.
import { hash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Served } from '../query/query-service.ts';

/**
 * A strong validator from what names the bytes, not from the bytes: a published snapshot never changes, so the same
 * version and the same canonical request (request-forms.ts) are the same body. Hashing that short text instead of the
 * body spares a hash of every page (tens of kilobytes for a search); a new version gives every answer a new tag.
 */
export function entityTag(version: string | null, requestForm: string): string {
  return `"${hash('sha256', `${version ?? ''}\n${requestForm}`, 'base64url').slice(0, 32)}"`;
}

/** A validator from the body itself, for an answer no snapshot version names (suggestions). */
export function bodyTag(body: string): string {
  return `"${hash('sha256', body, 'base64url').slice(0, 32)}"`; // one-shot: no Hash object per response
}

/** If-None-Match names this tag (a list, or `*`); weak forms match too, as RFC 9110 has GET compare weakly. */
function matches(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

/**
 * The JSON as it is: headers and body leave in one write, without express's send (which turns a body of 1000
 * characters or more into a Buffer, so the header goes out as a write of its own, and looks for a 304 a second time).
 * A HEAD request gets the headers only (node drops the body).
 */
function sendJson(res: Response, json: string | Buffer, length = typeof json === 'string' ? Buffer.byteLength(json) : json.length): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', length);
  res.end(json);
}

/** How an answer is validated: by its request's canonical form, by its body, or not at all (no-store). */
export type Validator = { requestForm: string } | 'body' | null;

const tagOf = (served: Served, validator: Validator): string | null =>
  validator === null ? null : validator === 'body' ? bodyTag(served.json) : entityTag(served.version, validator.requestForm);

/** A 200 as it is sent: its body, the snapshot version that gave it and its ETag (null: none). */
export interface Answer {
  /** The JSON text, or its UTF-8 bytes (what answer-cache.ts turns an answer asked for again into). */
  body: string | Buffer;
  /** The body's length in UTF-8 bytes (Content-Length). */
  length: number;
  version: string | null;
  tag: string | null;
}

/** The answer a served body makes, its tag and length computed once (what answer-cache.ts keeps). */
export function answerOf(served: Served, validator: Validator): Answer {
  return { body: served.json, length: Buffer.byteLength(served.json), version: served.version, tag: tagOf(served, validator) };
}

/** Headers common to a 200 and its 304; true when the client holds the same tag (then a 304 is sent). */
function sentNotModified(req: Request, res: Response, version: string | null, tag: string | null): boolean {
  if (version !== null) res.setHeader('X-Snapshot-Version', version);
  if (tag === null) return false;
  res.setHeader('ETag', tag);
  res.setHeader('Cache-Control', 'private, no-cache');
  if (!matches(req.headers['if-none-match'], tag)) return false;
  res.status(304).end();
  return true;
}

/** 200 with the answer's body, or 304 without one when the client holds the same tag (rate limit headers already set). */
export function sendAnswer(req: Request, res: Response, answer: Answer): void {
  if (!sentNotModified(req, res, answer.version, answer.tag)) sendJson(res, answer.body, answer.length);
}

/** 200 with the body, or 304 without one when the client holds the same tag (rate limit headers already set). */
export function sendServed(req: Request, res: Response, served: Served, validator: Validator): void {
  if (!sentNotModified(req, res, served.version, tagOf(served, validator))) sendJson(res, served.json);
}
