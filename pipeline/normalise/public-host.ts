// Decides whether a host name is a public, registrable Internet domain (public suffix list via tldts).
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { parse } from 'tldts';

/** Why a host is not public; null from checkPublicHost means it is. */
export type HostRejection = 'ip-host' | 'private-host' | 'reserved-host' | 'unknown-suffix' | 'invalid-host';

// Private-section suffixes (blogspot.com, github.io…) count as public suffixes, so two businesses on one
// hosting platform keep distinct registrable domains (the suppression list matches by registrable domain).
const TLDTS_OPTIONS = { extractHostname: false, allowPrivateDomains: true, detectSpecialUse: true } as const;

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** A verdict: a rejection with no domain, or no rejection and the registrable domain. */
interface HostAnalysis {
  rejection: HostRejection | null;
  domain: string | null;
}

/**
 * The registrable domain ("eTLD+1", A-label, lower case) of a public host: "www.hotel.co.uk" → "hotel.co.uk".
 * Null for anything checkPublicHost rejects.
 */
export function registrableDomain(host: string): string | null {
  return analyseHost(host).domain;
}

/** The rejection code for a host that is not a public registrable domain, or null when it is. */
export function checkPublicHost(host: string): HostRejection | null {
  return analyseHost(host).rejection;
}

// Hosts repeat (a website and its e-mail domain, a chain's many hotels): remember recent verdicts.
const CACHE_LIMIT = 50_000;
const cache = new Map<string, HostAnalysis>();

function analyseHost(host: string): HostAnalysis {
  let analysis = cache.get(host);
  if (analysis === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    analysis = analyseUncached(host);
    cache.set(host, analysis);
  }
  return analysis;
}

function analyseUncached(host: string): HostAnalysis {
  const trimmed = host.trim().toLowerCase();
  const unbracketed = trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
  if (isIP(unbracketed) !== 0) return reject('ip-host');
  // Brackets hold an IPv6 address (or an e-mail domain literal) and nothing else: "[hotel.es]" is no host name.
  if (unbracketed !== trimmed) return reject('invalid-host');
  // The WHATWG host parser: IDN to A-labels, and odd IPv4 spellings ("0x7f.1") to dotted quads.
  // It returns "" for what is no host name, which the label check below refuses.
  const ascii = domainToASCII(unbracketed).replace(/\.$/, '');
  if (isIP(ascii) !== 0) return reject('ip-host');
  if (ascii === 'localhost') return reject('private-host');
  if (ascii.length > 253 || !ascii.split('.').every((label) => LABEL.test(label))) return reject('invalid-host');
  // No IP gets this far: tldts calls a name an IP only when it is four dotted numbers (the labels hold no colon),
  // which the host parser has turned into a dotted quad (caught above) or refused.
  const parsed = parse(ascii, TLDTS_OPTIONS);
  // tldts knows the IANA special-use registry (.test, .example, example.com, .local, .localhost, .invalid,
  // .onion, home.arpa…); .internal is reserved by ICANN for private use but is not in that registry.
  if (parsed.isSpecialUse === true || ascii === 'internal' || ascii.endsWith('.internal')) return reject('reserved-host');
  // A suffix matched by neither list came from the "*" default rule: an unknown top-level domain.
  if (parsed.isIcann !== true && parsed.isPrivate !== true) return reject('unknown-suffix');
  if (parsed.domain === null) return reject('unknown-suffix');
  return Object.freeze({ rejection: null, domain: parsed.domain });
}

function reject(rejection: HostRejection): HostAnalysis {
  return Object.freeze({ rejection, domain: null });
}
