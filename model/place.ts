// The public shape of a place: the spec's Place (defined once, in zod), shared by the pipeline (which stores it) and the
// API (which serves it and derives its OpenAPI and MCP schemas from it).
// Values here are plain constants; the types come from the zod Place in place-schema.ts by type-only imports, so
// importing this module (as every pipeline worker does) never loads zod.
import type { z } from 'zod';
import type {
  addressSchema,
  openingHoursSchema,
  phoneRecordSchema,
  phoneTypeSchema,
  placePageSchema,
  placeSchema,
  storedPlaceSchema,
  timeRangeSchema,
} from './place-schema.ts';

export { LODGING_TYPES_BY_SPECIFICITY, isLodgingType } from './lodging-types.ts';
export type { LodgingType } from './lodging-types.ts';

export const COUNTRY_CODES = ['es', 'gb', 'fr', 'pt'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

export type PhoneType = z.infer<typeof phoneTypeSchema>;
export type PhoneRecord = z.infer<typeof phoneRecordSchema>;
export type Address = z.infer<typeof addressSchema>;
export type TimeRange = z.infer<typeof timeRangeSchema>;
export type OpeningHours = z.infer<typeof openingHoursSchema>;
export type StoredPlace = z.infer<typeof storedPlaceSchema>;
export type Place = z.infer<typeof placeSchema>;
export type PlacePage = z.infer<typeof placePageSchema>;

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

/** The Address fields, in the order a served place writes them. */
export const ADDRESS_FIELDS = ['street', 'city', 'state', 'postalCode', 'country'] as const satisfies readonly (keyof Address)[];

/** `{publicBaseUrl}/api/v1/places/{url-encoded id}`: where the API serves the place (the canonical link of a duplicate's 404). */
export function placeApiUrlFor(publicBaseUrl: string, id: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/api/v1/places/${encodeURIComponent(id)}`;
}

/** `{publicBaseUrl}/places/{url-encoded id}`: computed at serve time so moving the service needs no re-import. */
export function profileUrlFor(publicBaseUrl: string, id: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/places/${encodeURIComponent(id)}`;
}
