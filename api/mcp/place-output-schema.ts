// The tools' output schemas (zod, as the SDK needs): the spec's Place, PlacePage and { place }, closed like the OpenAPI ones.
import { z } from 'zod';
import { LODGING_TYPES_BY_SPECIFICITY, PLACE_FIELDS } from '../../model/place.ts';
import { MAX_CURSOR_LENGTH, MAX_LIMIT } from '../query/search-params.ts';
import { FIELD_NOTES } from './tool-descriptions.ts';

const nullableString = z.string().nullable();

const phoneType = z.enum(['mobile', 'landline', 'other']);

const phoneRecord = z.strictObject({
  phone: z.string().describe('E.164.'),
  phoneType,
  whatsappEligible: z.boolean().describe(FIELD_NOTES.whatsappEligible),
});

const timeRange = z.strictObject({ open: z.string(), close: z.string() });

const address = z.strictObject({
  street: nullableString,
  city: nullableString,
  state: nullableString,
  postalCode: nullableString,
  country: nullableString.describe('Two-letter lower-case country code.'),
});

/** Keyed by PLACE_FIELDS, so a field added to the allowlist without a schema here fails to compile. */
const placeShape = {
  id: z.string().describe(FIELD_NOTES.id),
  name: nullableString,
  legalName: nullableString,
  address,
  location: z.strictObject({ latitude: z.number(), longitude: z.number() }).nullable(),
  phone: nullableString.describe('Primary number in E.164.'),
  phoneType: phoneType.nullable(),
  additionalPhones: z.array(phoneRecord).max(20),
  email: nullableString,
  website: nullableString.describe('Validated public HTTP(S) URL.'),
  sourceMapsUrl: nullableString.describe("The place on the listing provider's map."),
  primaryType: nullableString.describe(FIELD_NOTES.providerLabels),
  lodgingTypes: z.array(z.string()).max(50).describe(FIELD_NOTES.providerLabels),
  lodgingType: z.enum(LODGING_TYPES_BY_SPECIFICITY).describe(FIELD_NOTES.lodgingType),
  rating: z.number().nullable().describe(FIELD_NOTES.rating),
  reviewCount: z.number().nullable().describe(FIELD_NOTES.rating),
  whatsappEligible: z.boolean().describe(FIELD_NOTES.whatsappEligible),
  verified: z.boolean().describe('The provider marks the listing verified.'),
  openingHours: z
    .record(z.string(), z.array(timeRange))
    .nullable()
    .describe('Source day labels, as published, mapped to HH:MM ranges; an empty list means closed that day.'),
  profileUrl: z.string().describe('Canonical public profile page of the place: the link to cite.'),
} satisfies Record<(typeof PLACE_FIELDS)[number], z.ZodType>;

export const placeSchema = z.strictObject(placeShape).describe(FIELD_NOTES.place);

export const placePageSchema = z.strictObject({
  places: z.array(placeSchema).max(MAX_LIMIT),
  page: z.strictObject({
    count: z.number().int().min(0).max(MAX_LIMIT),
    hasMore: z.boolean(),
    nextCursor: z.string().max(MAX_CURSOR_LENGTH).nullable().describe(FIELD_NOTES.nextCursor),
  }),
});

export const placeResponseSchema = z.strictObject({ place: placeSchema });
