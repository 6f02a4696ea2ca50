// The suppression list's rules: parse its text and tell which entries a listing matches (opt-outs, takedowns).

export type SuppressionKind = 'id' | 'phone' | 'domain';

export interface SuppressionEntry {
  kind: SuppressionKind;
  value: string;
  note: string;
  line: number;
  /** Who added it and when (ISO 8601), when the line records them: `  # note  [added 2025-06-01T10:00:00Z by ops@example.test]`. */
  addedAt?: string;
  addedBy?: string;
}

const ADDED = /\s*\[added (\d{4}-\d{2}-\d{2}T[\d:.]+Z) by ([^\]]+)\]$/;

export interface SuppressionList {
  ids: string[];
  phones: string[];
  domains: string[];
}

export interface SuppressionParse {
  list: SuppressionList;
  entries: SuppressionEntry[];
  errors: { line: number; message: string }[];
}

export const SUPPRESSION_KINDS: readonly SuppressionKind[] = ['id', 'phone', 'domain'];

/**
 * One entry per line: `<kind> <value>  # why`, kind one of id, phone (E.164), domain (registrable domain).
 * Blank lines and lines starting with # are comments.
 */
export function parseSuppressionList(text: string): SuppressionParse {
  const entries: SuppressionEntry[] = [];
  const errors: { line: number; message: string }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const hash = raw.search(/\s#|^#/);
    const body = (hash === -1 ? raw : raw.slice(0, hash)).trim();
    const note = hash === -1 ? '' : raw.slice(hash).replace(/^\s*#\s?/, '').trim();
    if (body === '') return;
    const [kind = '', ...words] = body.split(/\s+/);
    // A phone may be written with spaces; an id or a domain is one word.
    const value = kind === 'phone' ? words.join('') : words.length === 1 ? words[0] : undefined;
    if (!SUPPRESSION_KINDS.includes(kind as SuppressionKind) || !value) {
      errors.push({ line, message: `expected "<id|phone|domain> <value>  # note", got "${body}"` });
      return;
    }
    const added = ADDED.exec(note);
    const entry: SuppressionEntry = { kind: kind as SuppressionKind, value: canonicalValue(kind as SuppressionKind, value), note: added ? note.slice(0, added.index).trim() : note, line };
    if (added) Object.assign(entry, { addedAt: added[1], addedBy: added[2]!.trim() });
    entries.push(entry);
  });
  const pick = (kind: SuppressionKind) => [...new Set(entries.filter((e) => e.kind === kind).map((e) => e.value))];
  return { list: { ids: pick('id'), phones: pick('phone'), domains: pick('domain') }, entries, errors };
}

export function canonicalValue(kind: SuppressionKind, value: string): string {
  if (kind === 'domain') return value.trim().toLowerCase().replace(/^\.+|\.+$/g, '');
  if (kind === 'phone') return value.trim().replace(/[^\d+]/g, '');
  return value.trim();
}

export function formatSuppressionEntry(kind: SuppressionKind, value: string, note: string, added?: { at: string; by: string }): string {
  const clean = note.replace(/[\r\n]+/g, ' ').trim();
  const stamp = added ? `[added ${added.at} by ${added.by.replace(/[\]\r\n]+/g, ' ').trim()}]` : '';
  const comment = [clean, stamp].filter((part) => part !== '').join('  ');
  return `${kind} ${canonicalValue(kind, value)}${comment ? `  # ${comment}` : ''}`;
}

export const EMPTY_SUPPRESSION_LIST: SuppressionList = { ids: [], phones: [], domains: [] };

/** A matcher built once per import; a listing matches by id, any of its phones, or its website's registrable domain. */
export function createSuppressionMatcher(list: SuppressionList) {
  const ids = new Set(list.ids);
  const phones = new Set(list.phones);
  const domains = new Set(list.domains);
  return (candidate: { id: string | null; phones: readonly string[]; websiteDomain: string | null }): string[] => {
    const reasons: string[] = [];
    if (candidate.id !== null && ids.has(candidate.id)) reasons.push('suppressed-id');
    if (candidate.phones.some((phone) => phones.has(phone))) reasons.push('suppressed-phone');
    if (candidate.websiteDomain !== null && domains.has(candidate.websiteDomain)) reasons.push('suppressed-domain');
    return reasons;
  };
}
export type SuppressionMatcher = ReturnType<typeof createSuppressionMatcher>;
