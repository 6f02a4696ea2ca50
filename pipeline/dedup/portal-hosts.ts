// Finds the portal hosts of one import: a website host several unrelated places share is a portal page, not their own site (docs/data-rules.md, "Portal hosts found in the import").
import operators from '../../data/hosts/operators.json' with { type: 'json' };
import type { PlaceMatchKey } from './place-match-key.ts';

/** How many unrelated places (different distinctive names, not one place) make a shared host a portal. */
export const PORTAL_MIN_UNRELATED_PLACES = 2;
/** A distinctive word this long found in a host's name is the place's name there ("campigir" in campigir.com). */
export const MIN_CARRIED_WORD_LENGTH = 4;

export interface OperatorTables {
  /** Operators' hosts, lower case: a host matches itself and any subdomain. */
  hosts: readonly string[];
  /** Words that make a host's name an operator's ("hotel" in coral-hotels.com). */
  hostWords: readonly string[];
}

export const OPERATOR_TABLES: OperatorTables = {
  hosts: operators.hosts.map((entry) => entry.host.toLowerCase()),
  hostWords: operators.hostWords.map((word) => word.toLowerCase()),
};

/** What the pass reads of a published listing (a PlaceMatchKey has it). */
export type PortalKey = Pick<PlaceMatchKey, 'id' | 'words' | 'host'>;

export interface PortalHost {
  host: string;
  /** Groups of unrelated names among the places on the host. */
  unrelated: number;
}

export interface PortalVerdict {
  /** The hosts found to be portals, by host. */
  portals: PortalHost[];
  /** Listings whose website is a portal's page: not published. */
  dropped: { id: string; host: string }[];
  /** Listings on a host several unrelated places share, kept because the host carries their name (and with them the host's other places). */
  ownKept: { id: string; host: string }[];
}

/** A host's name as one word: its labels but the last, without '.', '-' and '_' ("euro-camping.com" → "eurocamping"). */
export function hostName(host: string): string {
  return host.toLowerCase().split('.').slice(0, -1).join('').replace(/[^a-z0-9]/g, '');
}

/** Whether the host's name carries the place's distinctive name: one long distinctive word, or every one of them ("solineu.com", Sol i Neu). */
export function carriesName(host: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const name = hostName(host);
  return words.some((word) => word.length >= MIN_CARRIED_WORD_LENGTH && name.includes(word)) || words.every((word) => name.includes(word));
}

export function isOperatorHost(host: string, tables: OperatorTables = OPERATOR_TABLES): boolean {
  const lower = host.toLowerCase();
  if (tables.hosts.some((listed) => lower === listed || lower.endsWith(`.${listed}`))) return true;
  const name = hostName(lower);
  return tables.hostWords.some((word) => name.includes(word));
}

/** How many groups of unrelated names: two places are related when they share a distinctive word; a place without one is left out. */
export function unrelatedNames(places: readonly (readonly string[])[]): number {
  const named = places.filter((words) => words.length > 0);
  const groupOf = named.map((_, index) => index);
  const root = (index: number): number => {
    let at = index;
    while (groupOf[at] !== at) at = groupOf[at]!;
    return at;
  };
  const byWord = new Map<string, number>();
  named.forEach((words, index) => {
    for (const word of words) {
      const other = byWord.get(word);
      if (other === undefined) byWord.set(word, index);
      else groupOf[root(index)] = root(other);
    }
  });
  return named.filter((_, index) => root(index) === index).length;
}

/**
 * The import's portal hosts and what follows for each listing. The listings of one place (dedup's duplicates, left
 * out here) count once; an operator's host (OperatorTables) is never a portal, nor a host that carries the name of
 * one of its places (the place's own site, which its owner's other places share). Otherwise a host is a portal when
 * its places have at least PORTAL_MIN_UNRELATED_PLACES unrelated names: all their websites on it are dropped.
 */
export function findPortalHosts(
  keys: readonly PortalKey[],
  duplicateIds: ReadonlySet<string> = new Set(),
  tables: OperatorTables = OPERATOR_TABLES,
): PortalVerdict {
  const byHost = new Map<string, PortalKey[]>();
  for (const key of keys) {
    if (key.host === null) continue;
    const list = byHost.get(key.host);
    if (list) list.push(key);
    else byHost.set(key.host, [key]);
  }
  return findPortalHostsInGroups(byHost, duplicateIds, tables);
}

/**
 * findPortalHosts over the keys already grouped by host (each group's keys in listing order, the groups in any
 * order, a host in one group): the verdict lists the hosts in order, as findPortalHosts does.
 */
export function findPortalHostsInGroups(
  groups: Iterable<[host: string, keys: readonly PortalKey[]]>,
  duplicateIds: ReadonlySet<string> = new Set(),
  tables: OperatorTables = OPERATOR_TABLES,
): PortalVerdict {
  const found: Array<{ host: string; verdict: PortalVerdict }> = [];
  for (const [host, keys] of groups) {
    const places = keys.filter((key) => !duplicateIds.has(key.id));
    if (places.length < 2 || isOperatorHost(host, tables)) continue;
    const unrelated = unrelatedNames(places.map((place) => place.words));
    if (unrelated < PORTAL_MIN_UNRELATED_PLACES) continue;
    const own = places.filter((place) => carriesName(host, place.words));
    // A host that carries one of its places' names is that place's own site, its sister places' too: no portal.
    if (own.length > 0) found.push({ host, verdict: { portals: [], dropped: [], ownKept: own.map((place) => ({ id: place.id, host })) } });
    else found.push({ host, verdict: { portals: [{ host, unrelated }], dropped: places.map((place) => ({ id: place.id, host })), ownKept: [] } });
  }
  const verdict: PortalVerdict = { portals: [], dropped: [], ownKept: [] };
  for (const { verdict: one } of found.sort((a, b) => (a.host < b.host ? -1 : 1))) {
    // One at a time: a portal's thousands of places would overflow a spread's arguments.
    for (const portal of one.portals) verdict.portals.push(portal);
    for (const dropped of one.dropped) verdict.dropped.push(dropped);
    for (const kept of one.ownKept) verdict.ownKept.push(kept);
  }
  return verdict;
}
