// The change feed over the query service's reader: ids added, changed and removed since a kept snapshot version.
import { z } from 'zod';
import { DEFAULT_CHANGES_LIMIT, MAX_CHANGES_LIMIT, MAX_CURSOR_LENGTH, SNAPSHOT_VERSION_PATTERN } from '../../model/limits.ts';
import type { CountryCode } from '../../model/place.ts';
import type { SnapshotReader } from '../../pipeline/snapshot/reader-types.ts';
import { ApiError, invalidParameters } from '../errors.ts';
import type { CursorCodec } from './cursor-codec.ts';
import type { Served } from './serialize-place.ts';
import { searchParamsShape } from './search-params.ts';
import { changeListsJson } from './changed-fields.ts';

export interface ChangesParams {
  country: CountryCode;
  since?: string;
  limit: number;
  cursor?: string;
  /** `fields`: added and changed places carry their served record, changed ones `changedFields`. */
  include?: 'fields';
}

export interface ChangesPage {
  from: string | null;
  to: string | null;
  added: string[];
  changed: string[];
  removed: string[];
  page: { count: number; hasMore: boolean; nextCursor: string | null };
}

const LIMIT_RULE = `must be an integer from 1 to ${MAX_CHANGES_LIMIT}`;

export const changesParamsShape = {
  country: searchParamsShape.country,
  since: z
    .string({ error: 'must be a string' })
    .regex(SNAPSHOT_VERSION_PATTERN, { error: 'must be a snapshot version such as 20261122T101500123Z-ab12cd (X-Snapshot-Version)' })
    .optional(),
  limit: z.number({ error: LIMIT_RULE }).int({ error: LIMIT_RULE }).min(1, { error: LIMIT_RULE }).max(MAX_CHANGES_LIMIT, { error: LIMIT_RULE }).default(DEFAULT_CHANGES_LIMIT),
  cursor: z.string({ error: 'must be a string' }).max(MAX_CURSOR_LENGTH, { error: `must be at most ${MAX_CURSOR_LENGTH} characters` }).optional(),
  include: z.literal('fields', { error: 'must be fields' }).optional(),
};
const changesParamsSchema = z.strictObject(changesParamsShape).superRefine((params, ctx) => {
  if (params.cursor !== undefined && params.since === undefined) {
    ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'needs the since it was issued with' });
  }
});

export function validateChangesParams(input: Record<string, unknown>): ChangesParams {
  const parsed = changesParamsSchema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ parameter: String(issue.path[0] ?? 'query'), message: issue.message }));
    throw invalidParameters(errors.filter((e, i) => errors.findIndex((o) => o.parameter === e.parameter) === i));
  }
  const { country, since, limit, cursor, include } = parsed.data;
  return { country, limit, ...(since === undefined ? {} : { since }), ...(cursor === undefined ? {} : { cursor }), ...(include === undefined ? {} : { include }) };
}

const gone = (version: string): ApiError =>
  new ApiError(
    'version-gone',
    `Snapshot version ${version} is not kept (never published or pruned): re-read the country with GET /api/v1/places and use the X-Snapshot-Version of its first page as the next since.`,
  );

/** One page of changes; without `since`, the current version alone (where a new mirror starts). */
export function changesPage(reader: SnapshotReader, cursors: CursorCodec, params: ChangesParams, publicUrl = ''): Served {
  const { country, since } = params;
  const current = reader.current()[country]?.version ?? null;
  const empty = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
  if (since === undefined) {
    const page: ChangesPage = { from: null, to: current, ...empty, page: { count: 0, hasMore: false, nextCursor: null } };
    return { json: JSON.stringify(page), version: current };
  }
  const resume = params.cursor === undefined ? undefined : cursors.decodeChanges(params.cursor, { country, from: since });
  const to = resume?.to ?? current;
  if (to === null) throw gone(since);
  const withFields = params.include === 'fields';
  const rows = reader.changes(country, since, to, resume?.id, params.limit, withFields ? { records: true } : {});
  if (rows === null) throw gone(reader.changes(country, to, to, undefined, 1) === null ? to : since);
  const lists = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
  for (const { id, change } of rows.changes) lists[change].push(id);
  const last = rows.changes.at(-1);
  const nextCursor = rows.hasMore && last ? cursors.encodeChanges(last.id, { country, from: since, to }) : null;
  const pageInfo = { count: rows.changes.length, hasMore: nextCursor !== null, nextCursor };
  if (withFields) {
    return { json: `{"from":${JSON.stringify(since)},"to":${JSON.stringify(to)},${changeListsJson(rows.changes, publicUrl)},"page":${JSON.stringify(pageInfo)}}`, version: current };
  }
  const page: ChangesPage = { from: since, to, ...lists, page: pageInfo };
  return { json: JSON.stringify(page), version: current };
}

