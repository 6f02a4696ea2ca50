// Normalises the website and provider map URLs: public http(s) URLs only, tracking parameters removed.
import { issue, type Issue, type IssueCode, type IssueField, type Normalised } from './issues.ts';
import { MAX_URL_LENGTH } from '../../model/limits.ts';
import { checkPublicHost } from './public-host.ts';
import { isPublicBodyHost, thirdPartyHost } from './website-hosts.ts';
import { removeTrackingParameters } from './tracking-parameters.ts';

/**
 * The provider's map (Google Maps) as its listings link to it: which hosts, and on hosts that also serve
 * other things (www.google.com, goo.gl), the path a map link must start with. A listing's mapsUrl on any
 * other host (e.g. sites.google.com, a business's own site) is not its map page.
 */
export const PROVIDER_MAP_HOSTS: readonly { host: string; pathPrefix: string | null }[] = [
  { host: 'maps.app.goo.gl', pathPrefix: null },
  { host: 'goo.gl', pathPrefix: '/maps' },
  ...['google.com', 'google.es', 'google.co.uk', 'google.fr', 'google.pt'].flatMap((domain) => [
    { host: domain, pathPrefix: '/maps' },
    { host: `www.${domain}`, pathPrefix: '/maps' },
    { host: `maps.${domain}`, pathPrefix: null },
  ]),
];

/**
 * A listing's website as a public http(s) URL; issues (field `website`) say why one was dropped or repaired. A value
 * holding several whitespace-separated URLs yields its first valid one that is not on a third-party host
 * (website-hosts.ts); a page on such a host is never the website (`third-party`, grouped by host); a public body's
 * page is kept and reported (`public-body`).
 */
export function normaliseWebsite(raw: unknown): Normalised<string | null> {
  const tokens = typeof raw === 'string' ? raw.trim().split(/\s+/) : [];
  const single = normalisePublicUrl(raw, 'website');
  if (tokens.length <= 1 || !looksLikeSeveralUrls(tokens)) return pickWebsite(raw, [single]);
  const several = issue('website', 'several-urls', raw, `${tokens.length} whitespace-separated parts; the first own site is kept`);
  const result = pickWebsite(raw, tokens.map((token) => normalisePublicUrl(token, 'website')));
  return { value: result.value, issues: [several, ...result.issues] };
}

/**
 * A space inside one broken URL ("https://www.ho tel.es") is not a list: the value counts as several URLs only when
 * a later part opens like a URL (a scheme, or "www."), or its first part is a valid URL by itself and a later part
 * is a host name.
 */
function looksLikeSeveralUrls(tokens: readonly string[]): boolean {
  const later = tokens.slice(1);
  if (later.some((token) => /^(?:https?:\/\/|www\.)/i.test(token))) return true;
  return normalisePublicUrl(tokens[0], 'website').url !== null && later.some((token) => HOST_LIKE.test(token));
}

/** "hotel.es", "hotel.es/a": a name, a dot and more; not ".es/" (the rest of a host broken by a space). */
const HOST_LIKE = /^[\p{L}\p{N}][\p{L}\p{N}-]*(?:\.[\p{L}\p{N}-]+)+(?:[/?#]|$)/u;

function pickWebsite(raw: unknown, candidates: { url: URL | null; issues: Issue[] }[]): Normalised<string | null> {
  const skipped: Issue[] = [];
  for (const { url, issues } of candidates) {
    if (url === null) continue;
    const host = thirdPartyHost(url.hostname);
    if (host !== null) {
      skipped.push({ ...issue('website', 'third-party', url.href, `${host} is a third-party page, not the place's own site`), group: host });
      continue;
    }
    const found = [...skipped, ...issues];
    if (isPublicBodyHost(url.hostname)) {
      found.push({ ...issue('website', 'public-body', url.href, `${url.hostname} is a public body's site; kept`), group: url.hostname.replace(/^www\./, '') });
    }
    return { value: url.href, issues: found };
  }
  // Nothing usable: why the first part failed (as for a single value), and every third-party page seen.
  const firstFailure = candidates.find((candidate) => candidate.url === null)?.issues ?? [];
  return { value: null, issues: [...skipped, ...firstFailure] };
}

/** The listing's page on the provider's map (field `sourceMapsUrl`): the website rules plus PROVIDER_MAP_HOSTS. */
export function normaliseMapsUrl(raw: unknown): Normalised<string | null> {
  const { url, issues } = normalisePublicUrl(raw, 'sourceMapsUrl');
  if (url === null) return { value: null, issues };
  if (!isProviderMapUrl(url)) return { value: null, issues: [...issues, issue('sourceMapsUrl', 'not-maps-host', raw, `${url.hostname} is not the provider's map`)] };
  return { value: url.href, issues };
}

export function isProviderMapUrl(url: URL): boolean {
  return PROVIDER_MAP_HOSTS.some(
    ({ host, pathPrefix }) =>
      url.hostname === host &&
      (pathPrefix === null || url.pathname === pathPrefix || url.pathname.startsWith(`${pathPrefix}/`)),
  );
}

function normalisePublicUrl(raw: unknown, field: IssueField): { url: URL | null; issues: Issue[] } {
  if (raw === undefined || raw === null) return { url: null, issues: [] };
  const reject = (code: IssueCode, detail: string) => ({ url: null, issues: [issue(field, code, raw, detail)] });
  if (typeof raw !== 'string') return reject('wrong-type', 'expected a string');
  const text = raw.trim();
  if (text === '') return { url: null, issues: [] };

  const issues: Issue[] = [];
  let candidate = withScheme(text);
  // "http://http:/www.x.com": a CMS prefixed a URL that already had its scheme.
  const repaired = candidate.replace(/^(?:https?:\/\/)+(?=https?:)/i, '');
  if (repaired !== candidate) {
    issues.push(issue(field, 'scheme-repaired', raw, 'doubled scheme removed'));
    candidate = repaired;
  }

  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return reject('unparseable-url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return reject('bad-scheme', `${url.protocol} is not http or https`);
  if (url.username !== '' || url.password !== '') return reject('user-info', 'URLs with a user name or password are not published');
  const hostRejection = checkPublicHost(url.hostname);
  if (hostRejection !== null) return reject(hostRejection, `${url.hostname} is not a public registrable domain`);
  if (url.port !== '' && url.port !== '80' && url.port !== '443') return reject('bad-port', `port ${url.port} is not 80 or 443`);

  const removed = removeTrackingParameters(url);
  if (removed.length > 0) issues.push(issue(field, 'tracking-removed', raw, `removed ${removed.join(', ')}`));
  if (url.href.length > MAX_URL_LENGTH) return reject('too-long', `${url.href.length} characters, at most ${MAX_URL_LENGTH}`);
  return { url, issues };
}

// A scheme-less host gets https://. "x.es:8080/a" and "localhost:3000" are hosts with a port, not schemes.
function withScheme(text: string): string {
  if (text.startsWith('//')) return `https:${text}`;
  const scheme = /^([a-z][a-z0-9+.-]*):(.*)$/is.exec(text);
  if (scheme === null) return `https://${text}`;
  const [, name = '', rest = ''] = scheme;
  if (rest.startsWith('/')) return text;
  if (name.includes('.') || /^\d/.test(rest)) return `https://${text}`;
  return text;
}
