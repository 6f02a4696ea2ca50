// The suppression use cases (list, add, remove with their checks), shared by `lodging suppress` and the operator console.
import { AppError } from '../../platform/errors/app-error.ts';
import { SUPPRESSION_KINDS, type SuppressionEntry, type SuppressionKind } from '../normalise/suppression.ts';
import {
  appendSuppressionEntry,
  loadSuppressionFile,
  removeSuppressionEntry,
  suppressionFilePath,
} from './suppression-file.ts';
import { actorOf } from '../runs/actor.ts';
import type { CountryCode } from '../../model/place.ts';
import { isKnownPlaceId } from './known-place-id.ts';
import { checkSuppressionText, MAX_SUPPRESSION_VALUE } from './suppression-text.ts';

/**
 * The canonical forms (a phone's with libphonenumber, a domain's with the public-suffix list: tldts, 1 MB of heap),
 * loaded on the first suppression added or removed: a server whose operators never do stays without the list.
 */
const loadCanonicalForms = () => import('./suppression-value.ts');

export { SUPPRESSION_KINDS, type SuppressionEntry, type SuppressionKind };

/** A value or note that cannot go on the list: the message names the field and says what is expected. */
export class SuppressionInputError extends AppError {
  constructor(
    readonly field: 'kind' | 'value' | 'note',
    message: string,
  ) {
    super(message, { code: 'suppression-input', status: 400 });
    this.name = 'SuppressionInputError';
  }
}

export interface SuppressionRequest {
  kind: string;
  value: string;
  note?: string;
  /** The country a national phone number is dialled in (none: the phone must carry its +country code). */
  country?: CountryCode | null;
  /** Who adds it (the console account, else the OS user): kept on the line with the time. */
  by?: string;
}

/** The longest value and note the list takes, from the console and `lodging suppress` alike. */
export { MAX_SUPPRESSION_VALUE };
export const MAX_SUPPRESSION_NOTE = 500;

/** The checks of `lodging suppress` and the console: one kind, the value in its canonical form, and (when adding) a note. */
export async function checkSuppression(request: SuppressionRequest, needsNote: boolean): Promise<{ kind: SuppressionKind; value: string; note: string }> {
  if (!SUPPRESSION_KINDS.includes(request.kind as SuppressionKind)) {
    throw new SuppressionInputError('kind', `kind must be one of ${SUPPRESSION_KINDS.join(', ')}`);
  }
  const kind = request.kind as SuppressionKind;
  if (kind === 'domain' && request.value.trim() !== '' && !/[\p{L}\p{N}]/u.test(request.value)) {
    throw new SuppressionInputError('value', 'The domain has no letters: a domain needs a name, such as example.com');
  }
  const canonical = (await loadCanonicalForms()).canonicalSuppressionValue(kind, request.value, request.country ?? null);
  if (!canonical.ok) throw new SuppressionInputError('value', canonical.message);
  const note = (request.note ?? '').replace(/[\r\n\t]+/g, ' ').trim();
  if (needsNote && note === '') throw new SuppressionInputError('note', 'a note is required: say who asked and when, for the review');
  const problem = checkSuppressionText(note, 'The note', MAX_SUPPRESSION_NOTE);
  if (problem) throw new SuppressionInputError('note', problem);
  return { kind, value: canonical.value, note };
}

export interface SuppressionListing {
  file: string;
  entries: SuppressionEntry[];
  /** Malformed lines: imports fail on them until they are fixed. */
  errors: { line: number; message: string }[];
}

export async function listSuppressions(dataDir: string): Promise<SuppressionListing> {
  const parsed = await loadSuppressionFile(dataDir);
  return { file: suppressionFilePath(dataDir), entries: parsed.entries, errors: parsed.errors };
}

export interface SuppressionAdded {
  added: boolean;
  line: string;
  file: string;
  /** The value as stored (a URL's registrable domain, a phone's E.164 form). */
  value: string;
  kind: SuppressionKind;
  /** Said to the operator, the entry is kept anyway: e.g. an id no current snapshot holds. */
  warnings: string[];
}

export async function addSuppression(dataDir: string, request: SuppressionRequest): Promise<SuppressionAdded> {
  const { kind, value, note } = await checkSuppression(request, true);
  const by = actorOf(request.by).replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '').slice(0, 200);
  const at = `${new Date().toISOString().slice(0, 19)}Z`;
  const result = await appendSuppressionEntry(dataDir, kind, value, note, { at, by });
  const warnings =
    kind === 'id' && !isKnownPlaceId(dataDir, value)
      ? [`No current snapshot has a place with the id ${value}: check it (it is kept, and applies if an import brings that id).`]
      : [];
  return { ...result, file: suppressionFilePath(dataDir), value, kind, warnings };
}

/** Removes the entry in its canonical form, or as typed (a line written by hand before values were canonical). */
export async function removeSuppression(dataDir: string, request: SuppressionRequest): Promise<{ removed: SuppressionEntry[]; file: string }> {
  if (!SUPPRESSION_KINDS.includes(request.kind as SuppressionKind)) {
    throw new SuppressionInputError('kind', `kind must be one of ${SUPPRESSION_KINDS.join(', ')}`);
  }
  const kind = request.kind as SuppressionKind;
  const typed = request.value.trim();
  const problem = checkSuppressionText(typed, `The ${kind}`, MAX_SUPPRESSION_VALUE);
  if (problem) throw new SuppressionInputError('value', problem);
  if (typed === '') throw new SuppressionInputError('value', `A ${kind} is needed`);
  const canonical = (await loadCanonicalForms()).canonicalSuppressionValue(kind, typed, request.country ?? null);
  const result = await removeSuppressionEntry(dataDir, kind, canonical.ok ? [canonical.value, typed] : [typed]);
  return { ...result, file: suppressionFilePath(dataDir) };
}
