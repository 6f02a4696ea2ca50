// One provider listing, field by field, in the order provider exports write them.
import { fakeAddressFields, fakeLocation } from './fake-address.ts';
import { fakeContactFields } from './fake-contact.ts';
import { fakeBusinessStatus, fakeCrawledAt, fakeOpeningHours, fakeRatingFields, fakeVerified } from './fake-details.ts';
import { drawFamily, fakeCategories, fakeName } from './fake-labels.ts';
import { domainSlug, fakeEmail, fakeMapsUrl, fakeWebsite } from './fake-web.ts';
import type { CountryVocabulary } from './country-vocabulary.ts';
import type { Random } from './prng.ts';

const LEGAL_SUFFIXES = ['S.L.', 'S.A.', 'Ltd', 'SARL', 'Lda.', 'SAS', 'Hotels & Resorts'];

export function fakeListing(random: Random, vocabulary: CountryVocabulary, providerId: string): Record<string, unknown> {
  const family = drawFamily(random, vocabulary);
  const city = random.pick(vocabulary.cities);
  const name = fakeName(random, vocabulary, family, city);
  const slug = domainSlug(name);

  const listing: Record<string, unknown> = { providerId, name };
  if (random.chance(0.05)) listing.legalName = `${random.pick(vocabulary.nameParts)} ${random.pick(LEGAL_SUFFIXES)}`;
  Object.assign(listing, fakeAddressFields(random, vocabulary, city));
  const location = fakeLocation(random, city);
  if (location !== undefined) listing.location = location;
  Object.assign(listing, fakeContactFields(random, vocabulary));
  if (random.chance(0.7)) listing.email = fakeEmail(random, vocabulary, slug);
  if (random.chance(0.8)) listing.website = fakeWebsite(random, vocabulary, slug);
  if (random.chance(0.15)) listing.mapsUrl = fakeMapsUrl(random, slug);
  const categories = fakeCategories(random, vocabulary, family);
  if (categories !== undefined) listing.categories = categories;
  Object.assign(listing, fakeRatingFields(random, vocabulary));
  setIfDefined(listing, 'verified', fakeVerified(random));
  setIfDefined(listing, 'openingHours', fakeOpeningHours(random, vocabulary));
  setIfDefined(listing, 'businessStatus', fakeBusinessStatus(random));
  setIfDefined(listing, 'crawledAt', fakeCrawledAt(random));
  return listing;
}

function setIfDefined(listing: Record<string, unknown>, field: string, value: unknown): void {
  if (value !== undefined) listing[field] = value;
}
