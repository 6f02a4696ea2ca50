// The suppression use cases (list, add, remove with their checks), shared by `lodging suppress` and the operator console.
import { cleanText } from '../../model/typed-text.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { SUPPRESSION_KINDS, type SuppressionEntry, type SuppressionKind } from '../normalise/suppression.ts';
import {
  appendSuppressionEntry,
  loadSuppressionFile,
  removeSuppressionEntry,
  suppressionFilePath,
} from './suppression-file.ts';

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
}

const E164 = /^\+[1-9]\d{6,14}$/;
/** The longest value and note the list takes, from the console and `lodging suppress` alike. */
export const MAX_SUPPRESSION_VALUE = 300;
export const MAX_SUPPRESSION_NOTE = 500;

/** The checks of `lodging suppress`: one kind, a value in that kind's form, and (when adding) a note. */
export function checkSuppression(request: SuppressionRequest, needsNote: boolean): { kind: SuppressionKind; value: string; note: string } {
  if (!SUPPRESSION_KINDS.includes(request.kind as SuppressionKind)) {
    throw new SuppressionInputError('kind', `kind must be one of ${SUPPRESSION_KINDS.join(', ')}`);
  }
  const kind = request.kind as SuppressionKind;
  if (request.value.trim() === '') throw new SuppressionInputError('value', `a ${kind} is needed`);
  const typed = cleanText(request.value, `a ${kind}`, { max: MAX_SUPPRESSION_VALUE });
  if (!typed.ok) throw new SuppressionInputError('value', typed.problem);
  const value = typed.value;
  if (kind === 'phone' && !E164.test(value.replace(/[\s().-]/g, ''))) {
    throw new SuppressionInputError('value', 'a phone must be an E.164 number such as +34912345678');
  }
  if (kind !== 'phone' && /\s/.test(value)) throw new SuppressionInputError('value', `a ${kind} is one word, without spaces`);
  if (value.includes('#')) throw new SuppressionInputError('value', `a ${kind} cannot contain #`);
  if (kind === 'domain' && !/[\p{L}\p{N}]/u.test(value)) throw new SuppressionInputError('value', 'a domain needs a name, such as example.com');
  // A note is one line of the list: line breaks and tabs become spaces; other controls are refused.
  const typedNote = cleanText((request.note ?? '').replace(/[\r\n\t]+/g, ' '), 'a note', { min: 0, max: MAX_SUPPRESSION_NOTE });
  if (!typedNote.ok) throw new SuppressionInputError('note', typedNote.problem);
  const note = typedNote.value;
  if (needsNote && note === '') throw new SuppressionInputError('note', 'a note is required: say who asked and when, for the review');
  return { kind, value, note };
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

export async function addSuppression(dataDir: string, request: SuppressionRequest): Promise<{ added: boolean; line: string; file: string }> {
  const { kind, value, note } = checkSuppression(request, true);
  const result = await appendSuppressionEntry(dataDir, kind, value, note);
  return { ...result, file: suppressionFilePath(dataDir) };
}

export async function removeSuppression(dataDir: string, request: SuppressionRequest): Promise<{ removed: SuppressionEntry[]; file: string }> {
  const { kind, value } = checkSuppression(request, false);
  const result = await removeSuppressionEntry(dataDir, kind, value);
  return { ...result, file: suppressionFilePath(dataDir) };
}
