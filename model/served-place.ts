// The one field allowlist: a place reduced to the spec's Place fields, in PLACE_FIELDS order, when its snapshot row
// is made. The API serves these rows as stored and only appends profileUrl (the last field), so nothing else can leave.
import { MAX_ADDITIONAL_PHONES, MAX_LODGING_LABELS } from './limits.ts';
import { PLACE_FIELDS, profileUrlFor } from './place.ts';
import type { Address, OpeningHours, PhoneRecord, StoredPlace, TimeRange } from './place.ts';


const orNull = <T>(value: T | null | undefined): T | null => (value === undefined ? null : value);

function toAddress(address: Partial<Address> | null | undefined): Address {
  return {
    street: orNull(address?.street),
    city: orNull(address?.city),
    state: orNull(address?.state),
    postalCode: orNull(address?.postalCode),
    country: orNull(address?.country),
  };
}

function toPhoneRecord(record: PhoneRecord): PhoneRecord {
  return { phone: record.phone, phoneType: record.phoneType, whatsappEligible: record.whatsappEligible };
}

function toOpeningHours(hours: OpeningHours | null | undefined): OpeningHours | null {
  if (!hours) return null;
  const out: OpeningHours = {};
  for (const [day, ranges] of Object.entries(hours)) {
    out[day] = (ranges ?? []).map((range: TimeRange) => ({ open: range.open, close: range.close }));
  }
  return out;
}

/** Each allowlisted field's public value; nested objects are rebuilt too, so a stray inner key cannot leak. */
function servedValueOf(field: Exclude<(typeof PLACE_FIELDS)[number], 'profileUrl'>, stored: StoredPlace): unknown {
  switch (field) {
    case 'address':
      return toAddress(stored.address);
    case 'location':
      return stored.location ? { latitude: stored.location.latitude, longitude: stored.location.longitude } : null;
    case 'additionalPhones':
      return (stored.additionalPhones ?? []).slice(0, MAX_ADDITIONAL_PHONES).map(toPhoneRecord);
    case 'lodgingTypes':
      return (stored.lodgingTypes ?? []).slice(0, MAX_LODGING_LABELS);
    case 'lodgingType':
      return stored.lodgingType ?? 'lodging';
    case 'whatsappEligible':
    case 'verified':
      return stored[field] === true;
    case 'openingHours':
      return toOpeningHours(stored.openingHours);
    default:
      return orNull(stored[field]);
  }
}

/** The stored place as served: every Place field but profileUrl, in order, nothing else. */
export function toServedPlace(stored: StoredPlace): StoredPlace {
  const place: Record<string, unknown> = {};
  for (const field of PLACE_FIELDS) if (field !== 'profileUrl') place[field] = servedValueOf(field, stored);
  return place as unknown as StoredPlace;
}

/** The last base URL seen and its profile URL up to the id, as JSON text without the closing quote. */
let prefixBase: string | null = null;
let quotedPrefix = '';

/**
 * A served row's JSON (made by toServedPlace) with profileUrl appended as its last member. A process serves one base
 * URL, so its trimmed, quoted prefix is made once, not for every row of every page; encodeURIComponent's output
 * (unreserved characters and %XX) needs no JSON escaping, so prefix + encoded id + quote is JSON.stringify of the URL.
 */
export function withProfileUrl(servedJson: string, id: string, publicBaseUrl: string): string {
  if (publicBaseUrl !== prefixBase) {
    quotedPrefix = JSON.stringify(profileUrlFor(publicBaseUrl, '')).slice(0, -1);
    prefixBase = publicBaseUrl;
  }
  return `${servedJson.slice(0, -1)},"profileUrl":${quotedPrefix}${encodeURIComponent(id)}"}`;
}
