// Normalises a listing's email: one syntactically valid address on a public domain, domain lower-cased.
import { domainToASCII } from 'node:url';
import { issue, type IssueCode, type Normalised } from './issues.ts';
import { checkPublicHost } from './public-host.ts';

const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

// RFC 5322 dot-atom in ASCII. Quoted local parts and non-ASCII (SMTPUTF8) local parts are not accepted:
// in the provider's data the latter are typos of ASCII addresses ("recepción@…", "fañabe@…").
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

// Texts listing several addresses ("a@x.es / b@y.es", "a@x.es -- b@y.es") separate them like this.
const SEPARATOR = /[\s,;/]+/u;

interface Failure {
  code: IssueCode;
  detail: string;
}

/**
 * The first valid address in the text (`mailto:` stripped, trimmed); the domain is published lower-case in
 * its ASCII (A-label) form so every mail system can use it. When the text held more than that address,
 * the rest is dropped with `extra-email-text`; no valid address → null with `invalid-email` or a host code.
 */
export function normaliseEmail(raw: unknown): Normalised<string | null> {
  if (raw === undefined || raw === null) return { value: null, issues: [] };
  if (typeof raw !== 'string') return { value: null, issues: [issue('email', 'wrong-type', raw, 'expected a string')] };
  const trimmed = raw.trim();
  // A mailto: link may carry ?subject=… headers; a bare address keeps every character.
  const text = /^mailto:/i.test(trimmed) ? trimmed.slice('mailto:'.length).replace(/\?.*$/s, '').trim() : trimmed;
  if (text === '') return { value: null, issues: [] };

  const tokens = text.split(SEPARATOR).filter((token) => token !== '');
  const candidates = tokens.filter((token) => token.includes('@'));
  let firstFailure: Failure | null = null;
  for (const candidate of candidates) {
    const repaired = withoutStrayCharacters(candidate);
    const checked = checkAddress(repaired);
    if (typeof checked === 'string') {
      const issues = repaired === candidate ? [] : [issue('email', 'stray-character-dropped', raw, `read as ${checked}`)];
      if (tokens.length > 1) issues.push(issue('email', 'extra-email-text', raw, `kept ${checked}, dropped the rest`));
      return { value: checked, issues };
    }
    firstFailure ??= checked;
  }
  if (firstFailure === null) return { value: null, issues: [issue('email', 'invalid-email', raw, 'no email address in the text')] };
  return { value: null, issues: [issue('email', firstFailure.code, raw, firstFailure.detail)] };
}

/**
 * Characters no host name holds ("|", ":"), between the @ and the domain, are a slip: "info@|hostalsol.es". A hyphen
 * or a dot there may be a typo inside the name, so that address stays invalid.
 */
export function withoutStrayCharacters(address: string): string {
  return address.replace(/@[^\p{L}\p{N}[@.-]+/u, '@');
}

/** The normalised address, or why it is not one. */
function checkAddress(address: string): string | Failure {
  const at = address.indexOf('@');
  if (at !== address.lastIndexOf('@')) return invalid('more than one @');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1).replace(/\.$/, '');
  if (local.length === 0 || local.length > MAX_LOCAL_LENGTH || !LOCAL_PART.test(local)) {
    return invalid('the part before @ is not a plain ASCII mailbox name');
  }
  const ascii = checkDomain(domain);
  if (typeof ascii !== 'string') return ascii;
  const email = `${local}@${ascii}`;
  if (email.length > MAX_EMAIL_LENGTH) return invalid(`longer than ${MAX_EMAIL_LENGTH} characters`);
  return email;
}

// Domains repeat (gmail.com, a chain's own domain): each is checked once, the most recent ones kept.
const DOMAIN_CACHE_LIMIT = 50_000;
const domains = new Map<string, string | Failure>();

/** The domain's A-label form, or why it is no public host name. */
function checkDomain(domain: string): string | Failure {
  let checked = domains.get(domain);
  if (checked === undefined) {
    if (domains.size >= DOMAIN_CACHE_LIMIT) domains.clear();
    checked = checkDomainUncached(domain);
    domains.set(domain, checked);
  }
  return checked;
}

function checkDomainUncached(domain: string): string | Failure {
  // A domain literal ("[192.0.2.1]") or a dotted quad is an IP address: checkPublicHost names it.
  const ascii = domain.startsWith('[') ? domain : domainToASCII(domain);
  if (ascii === '') return invalid('the domain is not a host name');
  if (!ascii.startsWith('[') && !/^[\d.]+$/.test(ascii) && !ascii.split('.').every((label) => DOMAIN_LABEL.test(label))) {
    return invalid('the domain is not a host name');
  }
  const rejection = checkPublicHost(ascii);
  if (rejection === 'invalid-host') return invalid('the domain is not a host name');
  if (rejection !== null) return { code: rejection, detail: `${ascii} is not a public domain` };
  return ascii;
}

function invalid(detail: string): Failure {
  return { code: 'invalid-email', detail };
}
