// Whose page a website is, by its host (data/hosts/): a third-party portal, platform or network, or a public body.
import thirdParty from '../../data/hosts/third-party.json' with { type: 'json' };
import publicBody from '../../data/hosts/public-body.json' with { type: 'json' };

export interface HostTables {
  /** Listed hosts, lower case: a host matches itself and any subdomain. */
  thirdParty: readonly string[];
  publicBodySuffixes: readonly string[];
  publicBodyLabelPrefixes: readonly string[];
}

export const HOST_TABLES: HostTables = {
  thirdParty: thirdParty.hosts.map((entry) => entry.host.toLowerCase()),
  publicBodySuffixes: publicBody.suffixes.map((suffix) => suffix.toLowerCase()),
  publicBodyLabelPrefixes: publicBody.labelPrefixes.map((prefix) => prefix.toLowerCase()),
};

function withoutWww(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
}

function isHostOrSubdomain(host: string, listed: string): boolean {
  return host === listed || host.endsWith(`.${listed}`);
}

/** The bundled table's hosts by their place in it: the first listed host a URL is on wins, as in a scan. */
const THIRD_PARTY_INDEX: ReadonlyMap<string, number> = new Map(HOST_TABLES.thirdParty.map((host, index) => [host, index] as const).reverse());

/** The table's host a URL's host is on ("m.facebook.com" → "facebook.com"), or null when it is on none. */
export function thirdPartyHost(hostname: string, tables: HostTables = HOST_TABLES): string | null {
  const host = withoutWww(hostname);
  if (tables !== HOST_TABLES) return tables.thirdParty.find((listed) => isHostOrSubdomain(host, listed)) ?? null;
  // The host and each of its parent domains looked up, rather than every listed host compared with the host.
  let first = THIRD_PARTY_INDEX.get(host) ?? Infinity;
  for (let dot = host.indexOf('.'); dot !== -1; dot = host.indexOf('.', dot + 1)) {
    first = Math.min(first, THIRD_PARTY_INDEX.get(host.slice(dot + 1)) ?? Infinity);
  }
  return first === Infinity ? null : HOST_TABLES.thirdParty[first]!;
}

/**
 * Whether the host is a public body's: a government suffix ("turismo.gob.es"), or a label that begins with a
 * council word ("ayuntamientobonar.org", "cm-tavira.pt", "parquecampismo.cm-mira.pt").
 */
export function isPublicBodyHost(hostname: string, tables: HostTables = HOST_TABLES): boolean {
  const host = withoutWww(hostname);
  if (tables.publicBodySuffixes.some((suffix) => isHostOrSubdomain(host, suffix))) return true;
  const labels = host.split('.').slice(0, -1);
  return labels.some((label) => tables.publicBodyLabelPrefixes.some((prefix) => label.startsWith(prefix)));
}
