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

/** The table's host a URL's host is on ("m.facebook.com" → "facebook.com"), or null when it is on none. */
export function thirdPartyHost(hostname: string, tables: HostTables = HOST_TABLES): string | null {
  const host = withoutWww(hostname);
  return tables.thirdParty.find((listed) => isHostOrSubdomain(host, listed)) ?? null;
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
