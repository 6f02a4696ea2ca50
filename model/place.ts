// The public shape of a place: the spec's Place, shared by the pipeline (which stores it) and the API (which serves it).

export const COUNTRY_CODES = ['es', 'gb', 'fr', 'pt'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

/** The spec's LodgingType, in CONTRACT §2's specificity order (most specific first). */
export const LODGING_TYPES_BY_SPECIFICITY = [
  'motorhomeArea',
  'campsite',
  'resort',
  'apartment',
  'ruralHouse',
  'bedAndBreakfast',
  'hostel',
  'guesthouse',
  'holidayHome',
  'hotel',
  'lodging',
] as const;
export type LodgingType = (typeof LODGING_TYPES_BY_SPECIFICITY)[number];

export function isLodgingType(value: unknown): value is LodgingType {
  return typeof value === 'string' && (LODGING_TYPES_BY_SPECIFICITY as readonly string[]).includes(value);
}

export type PhoneType = 'mobile' | 'landline' | 'other';

export interface PhoneRecord {
  phone: string; // E.164
  phoneType: PhoneType;
  whatsappEligible: boolean;
}

export interface Address {
  street: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null; // two-letter, lower case
}

export interface TimeRange {
  open: string; // HH:MM
  close: string; // HH:MM, "24:00" allowed
}

export type OpeningHours = Record<string, TimeRange[]>;

/** Every field of the spec's Place except profileUrl, which the API derives from its public base URL. */
export interface StoredPlace {
  id: string;
  name: string | null;
  legalName: string | null;
  address: Address;
  location: { latitude: number; longitude: number } | null;
  phone: string | null;
  phoneType: PhoneType | null;
  additionalPhones: PhoneRecord[];
  email: string | null;
  website: string | null;
  sourceMapsUrl: string | null;
  primaryType: string | null;
  lodgingTypes: string[];
  lodgingType: LodgingType;
  rating: number | null;
  reviewCount: number | null;
  whatsappEligible: boolean;
  verified: boolean;
  openingHours: OpeningHours | null;
}

export interface Place extends StoredPlace {
  profileUrl: string;
}

/** The spec's Place fields, in the order the API writes them. The one allowlist. */
export const PLACE_FIELDS = [
  'id',
  'name',
  'legalName',
  'address',
  'location',
  'phone',
  'phoneType',
  'additionalPhones',
  'email',
  'website',
  'sourceMapsUrl',
  'primaryType',
  'lodgingTypes',
  'lodgingType',
  'rating',
  'reviewCount',
  'whatsappEligible',
  'verified',
  'openingHours',
  'profileUrl',
] as const satisfies readonly (keyof Place)[];

/** `{publicBaseUrl}/places/{url-encoded id}`: computed at serve time so moving the service needs no re-import. */
export function profileUrlFor(publicBaseUrl: string, id: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/places/${encodeURIComponent(id)}`;
}
