// schema.org LodgingBusiness for a place's profile page, built from the public Place only.
import type { Place } from '../../model/place.ts';

type Json = Record<string, unknown>;

/** Drops null, undefined and empty members: schema.org consumers read absent better than null. */
function compact(object: Json): Json {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)),
  );
}

export function placeJsonLd(place: Place): Json {
  const address = compact({
    '@type': 'PostalAddress',
    streetAddress: place.address.street,
    addressLocality: place.address.city,
    addressRegion: place.address.state,
    postalCode: place.address.postalCode,
    addressCountry: place.address.country?.toUpperCase() ?? null,
  });
  return compact({
    '@context': 'https://schema.org',
    '@type': 'LodgingBusiness',
    '@id': place.profileUrl,
    url: place.profileUrl,
    identifier: place.id,
    name: place.name,
    legalName: place.legalName,
    address: Object.keys(address).length > 1 ? address : null,
    geo: place.location
      ? { '@type': 'GeoCoordinates', latitude: place.location.latitude, longitude: place.location.longitude }
      : null,
    telephone: place.phone,
    email: place.email,
    sameAs: [place.website, place.sourceMapsUrl].filter((url): url is string => url !== null),
    aggregateRating:
      place.rating !== null
        ? compact({
            '@type': 'AggregateRating',
            ratingValue: place.rating,
            bestRating: 5,
            worstRating: 0,
            reviewCount: place.reviewCount,
          })
        : null,
  });
}
