// Removes tracking parameters and their residue from a URL's query (data/urls/tracking-parameters.json).
import table from '../../data/urls/tracking-parameters.json' with { type: 'json' };

export interface TrackingTable {
  /** Whole names, lower case. */
  names: readonly string[];
  /** Name prefixes, lower case ("utm_"). */
  prefixes: readonly string[];
}

export const TRACKING_TABLE: TrackingTable = {
  names: table.names.map((name) => name.toLowerCase()),
  prefixes: table.prefixes.map((prefix) => prefix.toLowerCase()),
};

/** Whether a (decoded) parameter name is tracking: a listed name, a name with a listed prefix, or the prefix's stem alone ("utm"). */
export function isTrackingParameter(name: string, tracking: TrackingTable = TRACKING_TABLE): boolean {
  const lower = name.toLowerCase();
  if (tracking.names.includes(lower)) return true;
  return tracking.prefixes.some((prefix) => lower.startsWith(prefix) || lower === stemOf(prefix));
}

/** "utm_" → "utm": the prefix without its closing punctuation. */
function stemOf(prefix: string): string {
  return prefix.replace(/[^\p{L}\p{N}]+$/u, '');
}

/**
 * Where, in a raw (still encoded) parameter value, a tracking parameter glued on starts: a listed name or a name
 * with a listed prefix, followed by "=" written plainly or as %3D. -1 when there is none.
 */
export function residueStart(value: string, tracking: TrackingTable = TRACKING_TABLE): number {
  const lower = value.toLowerCase();
  let first = -1;
  for (const start of [...tracking.names.map((name) => ({ name, whole: true })), ...tracking.prefixes.map((name) => ({ name, whole: false }))]) {
    for (let at = lower.indexOf(start.name); at !== -1; at = lower.indexOf(start.name, at + 1)) {
      const after = at + start.name.length;
      const nameEnd = start.whole ? after : endOfName(lower, after);
      if (lower.startsWith('=', nameEnd) || lower.startsWith('%3d', nameEnd)) {
        if (first === -1 || at < first) first = at;
        break;
      }
    }
  }
  return first;
}

function endOfName(text: string, from: number): number {
  let end = from;
  while (end < text.length && /[a-z0-9_]/.test(text[end]!)) end += 1;
  return end;
}

/**
 * Removes tracking parameters in place, and cuts a tracking parameter glued onto another's value; every other
 * parameter stays exactly as written. Returns the names removed (the glued-on ones too), in query order.
 */
export function removeTrackingParameters(url: URL, tracking: TrackingTable = TRACKING_TABLE): string[] {
  if (url.search === '') return [];
  const removed: string[] = [];
  const kept: string[] = [];
  for (const pair of url.search.slice(1).split('&')) {
    const equals = pair.indexOf('=');
    const name = decodeName(equals === -1 ? pair : pair.slice(0, equals));
    if (isTrackingParameter(name, tracking)) {
      removed.push(name);
      continue;
    }
    const cut = equals === -1 ? -1 : residueStart(pair.slice(equals + 1), tracking);
    if (cut === -1) {
      kept.push(pair);
      continue;
    }
    const residue = pair.slice(equals + 1 + cut);
    removed.push(decodeName(residue.split(/=|%3d/i, 1)[0]!));
    kept.push(pair.slice(0, equals + 1 + cut));
  }
  if (removed.length === 0) return removed;
  const rest = kept.filter((pair) => pair !== '');
  url.search = rest.length > 0 ? `?${rest.join('&')}` : '';
  return removed;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}
