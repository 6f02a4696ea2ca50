// The one serializer: builds a Place field by field from the PLACE_FIELDS allowlist, so nothing else can leave.
import { PLACE_FIELDS, profileUrlFor } from '../../pipeline/snapshot/public-place.ts';
import type {
  Address,
  OpeningHours,
  Place,
  PhoneRecord,
  StoredPlace,
  TimeRange,
} from '../../pipeline/snapshot/public-place.ts';

export interface PlacePage {
  places: Place[];
  page: { count: number; hasMore: boolean; nextCursor: string | null };
}

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
function publicValueOf(field: (typeof PLACE_FIELDS)[number], stored: StoredPlace, publicUrl: string): unknown {
  switch (field) {
    case 'address':
      return toAddress(stored.address);
    case 'location':
      return stored.location ? { latitude: stored.location.latitude, longitude: stored.location.longitude } : null;
    case 'additionalPhones':
      return (stored.additionalPhones ?? []).slice(0, 20).map(toPhoneRecord);
    case 'lodgingTypes':
      return (stored.lodgingTypes ?? []).slice(0, 50);
    case 'lodgingType':
      return stored.lodgingType ?? 'lodging';
    case 'whatsappEligible':
    case 'verified':
      return stored[field] === true;
    case 'openingHours':
      return toOpeningHours(stored.openingHours);
    case 'profileUrl':
      return profileUrlFor(publicUrl, stored.id);
    default:
      return orNull(stored[field]);
  }
}

export function toPublicPlace(stored: StoredPlace, publicUrl: string): Place {
  const place: Record<string, unknown> = {};
  for (const field of PLACE_FIELDS) place[field] = publicValueOf(field, stored, publicUrl);
  return place as unknown as Place;
}

export function toPlacePage(stored: StoredPlace[], hasMore: boolean, nextCursor: string | null, publicUrl: string): PlacePage {
  const places = stored.map((place) => toPublicPlace(place, publicUrl));
  return { places, page: { count: places.length, hasMore, nextCursor: hasMore ? nextCursor : null } };
}
