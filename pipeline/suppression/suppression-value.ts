// The canonical form of a suppression value as typed: a URL or host to its registrable domain, a phone to E.164, an id as is.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { COUNTRIES } from '../../model/countries.ts';
import { cleanText } from '../../model/typed-text.ts';
import { COUNTRY_CODES, type CountryCode } from '../../model/place.ts';
import { registrableDomain } from '../normalise/public-host.ts';
import type { SuppressionKind } from '../normalise/suppression.ts';
import { MAX_SUPPRESSION_VALUE } from './suppression-text.ts';

export type CanonicalValue = { ok: true; value: string } | { ok: false; message: string };

/** `https://www.Hotel.es/x`, `www.hotel.es`, `HOTEL.es.` → `hotel.es`; null when no public registrable domain is in it. */
export function domainOfTyped(value: string): string | null {
  const text = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text.replace(/^\/+/, '')}`;
  let host: string;
  try {
    host = new URL(withScheme).hostname;
  } catch {
    return null;
  }
  return registrableDomain(host.replace(/\.$/, ''));
}

/** The E.164 form of a typed phone: international as typed, or national in the given country. */
export function phoneOfTyped(value: string, country: CountryCode | null): CanonicalValue {
  const text = value.trim();
  const international = text.startsWith('+') || text.startsWith('00');
  if (!international && country === null) {
    const guesses = COUNTRY_CODES.map((cc) => parsePhoneNumberFromString(text, COUNTRIES[cc].phoneRegion)).filter((p) => p?.isValid());
    const example = guesses[0]?.number ?? '+34912345678';
    return { ok: false, message: `Write the phone with its country code, e.g. ${example}, or choose the country it is dialled in` };
  }
  const parsed = international
    ? parsePhoneNumberFromString(text.replace(/^00/, '+'))
    : parsePhoneNumberFromString(text, COUNTRIES[country!].phoneRegion);
  if (!parsed?.isValid()) {
    return { ok: false, message: `${text} is not a valid phone number${country ? ` in ${COUNTRIES[country].phoneRegion}` : ''}; write it like +34912345678` };
  }
  return { ok: true, value: parsed.number };
}

/** The value as the suppression list keeps (and the import matches) it. */
export function canonicalSuppressionValue(kind: SuppressionKind, typed: string, country: CountryCode | null = null): CanonicalValue {
  if (typed.trim() === '') return { ok: false, message: `A ${kind} is needed` };
  const checked = cleanText(typed, `The ${kind}`, { min: 1, max: MAX_SUPPRESSION_VALUE });
  if (!checked.ok) return { ok: false, message: checked.problem };
  const value = checked.value;
  if (value.includes('#')) return { ok: false, message: `A ${kind} cannot contain #` };
  if (kind === 'phone') return phoneOfTyped(value, country);
  if (/\s/.test(value)) return { ok: false, message: `A ${kind} is one word, without spaces` };
  if (kind === 'domain') {
    const domain = domainOfTyped(value);
    return domain ? { ok: true, value: domain } : { ok: false, message: `${value} names no public website domain; write it like example.com or paste the website's address` };
  }
  return { ok: true, value };
}
