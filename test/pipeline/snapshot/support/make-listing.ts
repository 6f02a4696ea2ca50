// Test helper: a valid published NormalisedListing, with any field overridden.
import type { NormalisedListing, SourceRef } from '../../../../pipeline/normalise/normalised-listing.ts';
import type { StoredPlace } from '../../../../model/place.ts';

export interface ListingOverrides extends Partial<Omit<NormalisedListing, 'place' | 'source'>> {
  place?: Partial<StoredPlace>;
  source?: Partial<SourceRef>;
}

/** One number per providerId: listings of different ids are different places (pipeline/dedup/: phones all different). */
const phones = new Map<string, string>();

function phoneOf(providerId: string | null): string {
  const key = providerId ?? '';
  let phone = phones.get(key);
  if (phone === undefined) {
    phone = `+3491${String(5237980 + phones.size).padStart(7, '0')}`;
    phones.set(key, phone);
  }
  return phone;
}

/**
 * A published hotel in Madrid. The place id follows country and providerId ("es-p1") unless place.id is given;
 * the city slug follows place.address.city unless citySlug is given. Each providerId has its own phone, so listings of
 * different ids are never the same place; give two the same phone to make them one.
 */
export function makeListing(overrides: ListingOverrides = {}): NormalisedListing {
  const country = overrides.country ?? 'es';
  const providerId = overrides.providerId === undefined ? 'p1' : overrides.providerId;
  const { place: placeOverrides = {}, source: sourceOverrides = {}, ...rest } = overrides;
  const address = { street: 'Calle Mayor 1', city: 'Madrid', state: null, postalCode: '28013', country, ...placeOverrides.address };
  const place: StoredPlace = {
    id: `${country}-${providerId ?? 'none'}`,
    name: 'Hotel Mayor',
    legalName: null,
    location: { latitude: 40.4168, longitude: -3.7038 },
    phone: phoneOf(providerId),
    phoneType: 'landline',
    additionalPhones: [],
    email: 'info@hotelmayor.es',
    website: 'https://hotelmayor.es/',
    sourceMapsUrl: null,
    primaryType: 'Hotel',
    lodgingTypes: ['Hotel'],
    lodgingType: 'hotel',
    rating: 4.2,
    reviewCount: 120,
    whatsappEligible: false,
    verified: false,
    openingHours: null,
    ...placeOverrides,
    address,
  };
  return {
    country,
    providerId,
    place,
    citySlug: address.city === null ? null : slugOf(address.city),
    status: 'published',
    reasons: [],
    issues: [],
    unknownLabels: [],
    crawledAt: '2026-11-01T10:00:00Z',
    ...rest,
    source: { file: 'export.jsonl', fileIndex: 0, line: 1, ...sourceOverrides },
  };
}

function slugOf(city: string): string {
  return city
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
