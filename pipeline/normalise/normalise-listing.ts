// The one function that composes every rule: a provider listing in, a NormalisedListing (place + status + reasons) out.
import { COUNTRIES, type Country } from '../../model/countries.ts';
import { urlHost } from '../../model/url-host.ts';
import type { CountryCode, StoredPlace } from '../../model/place.ts';
import { normaliseAddress } from './address.ts';
import { normaliseCategories } from './categories.ts';
import type { Issue } from './issues.ts';
import { parseRating, parseReviewCount } from './locale-numbers.ts';
import { normaliseLocation } from './location.ts';
import { classifyLodgingType, type LodgingClassification } from './lodging-type.ts';
import { tidyNameArticle } from './name-articles.ts';
import { checkNameAgainstType } from './name-suggests.ts';
import type { NormalisedListing, SourceRef } from './normalised-listing.ts';
import { normaliseOpeningHours } from './opening-hours.ts';
import { normalisePhoneFields } from './phone-fields.ts';
import { placeIdFor } from './place-id.ts';
import { registrableDomain } from './public-host.ts';
import { decidePublicationStatus } from './publication-status.ts';
import { normaliseText, normaliseProviderId, parseBusinessStatus, parseCrawledAt, parseVerified } from './scalars.ts';
import type { SuppressionMatcher } from './suppression.ts';
import { normaliseEmail } from './email.ts';
import { normaliseMapsUrl, normaliseWebsite } from './urls.ts';

export interface NormaliseContext {
  country: CountryCode;
  matchSuppression: SuppressionMatcher;
}

/** The full story of one listing, for `lodging explain`; normaliseListing keeps only what the snapshot needs. */
export interface ListingExplanation {
  listing: NormalisedListing;
  classification: LodgingClassification;
}

/** inputIssues: what reading the line already found (optional values dropped for their length). */
export function explainListing(
  raw: Record<string, unknown>,
  source: SourceRef,
  context: NormaliseContext,
  inputIssues: readonly Issue[] = [],
): ListingExplanation {
  const country: Country = COUNTRIES[context.country];
  const issues: Issue[] = [...inputIssues];
  const take = <T>(result: { value: T; issues: Issue[] }): T => {
    if (result.issues.length !== 0) issues.push(...result.issues); // most rules find nothing: no spread call for them
    return result.value;
  };

  const providerId = take(normaliseProviderId(raw.providerId));
  const id = providerId === null ? null : placeIdFor(country.code, providerId);
  const name = take(tidyNameArticle(take(normaliseText(raw.name, 'name')), country.language));
  const legalName = take(normaliseText(raw.legalName, 'legalName'));
  // Read before the address (its city is checked against the coordinates); its issues keep their place in the list.
  const located = normaliseLocation(raw.location, country);
  const { address, citySlug, citySlugAliases, foreignCountry } = take(
    normaliseAddress({ address: raw.address, fullAddress: raw.fullAddress, name }, country, located.value),
  );
  const phones = take(
    normalisePhoneFields({ phone: raw.phone, phones: raw.phones, whatsappCheck: raw.whatsappCheck }, country),
  );
  const website = take(normaliseWebsite(raw.website));
  const labels = take(normaliseCategories(raw.categories));
  const classification = classifyLodgingType(labels);
  issues.push(...checkNameAgainstType(name, classification.lodgingType, country.code));
  const businessStatus = take(parseBusinessStatus(raw.businessStatus));

  const place: StoredPlace = {
    id: id ?? '',
    name,
    legalName,
    address,
    location: take(located),
    phone: phones.phone,
    phoneType: phones.phoneType,
    additionalPhones: phones.additionalPhones,
    email: take(normaliseEmail(raw.email)),
    website,
    sourceMapsUrl: take(normaliseMapsUrl(raw.mapsUrl)),
    primaryType: labels[0] ?? null,
    lodgingTypes: labels,
    lodgingType: classification.lodgingType,
    rating: take(parseRating(raw.rating, country.language)),
    reviewCount: take(parseReviewCount(raw.reviewCount, country.language)),
    whatsappEligible: phones.whatsappEligible,
    verified: take(parseVerified(raw.verified)),
    openingHours: take(normaliseOpeningHours(raw.openingHours)),
  };

  const websiteHost = website === null ? null : urlHost(website);
  const decision = decidePublicationStatus({
    hasProviderId: providerId !== null,
    hasName: name !== null,
    onlyNonLodgingLabels: classification.onlyNonLodging,
    foreignCountry,
    businessStatus,
    suppressionReasons: context.matchSuppression({
      id,
      phones: phones.allPhones,
      websiteDomain: websiteHost === null ? null : registrableDomain(websiteHost),
    }),
  });

  const listing: NormalisedListing = {
    country: country.code,
    providerId,
    place,
    citySlug,
    ...(citySlugAliases === undefined ? {} : { citySlugAliases }),
    status: decision.status,
    reasons: decision.reasons,
    issues,
    unknownLabels: classification.unknownLabels,
    crawledAt: take(parseCrawledAt(raw.crawledAt)),
    source,
  };
  return { listing, classification };
}

export function normaliseListing(
  raw: Record<string, unknown>,
  source: SourceRef,
  context: NormaliseContext,
  inputIssues: readonly Issue[] = [],
): NormalisedListing {
  return explainListing(raw, source, context, inputIssues).listing;
}
