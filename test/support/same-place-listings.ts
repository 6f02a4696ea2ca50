// One camp site listed twice under two ids (the same place) and its numbered twin (another place): the same-place suites' listings.
import type { ProviderListing } from '../api/support/provider-listings.ts';

const campsite = (providerId: string, name: string, lat: number): ProviderListing => ({
  providerId,
  name,
  address: { street: 'Carretera de Olot, km 3', city: 'Olot', state: 'Girona', postalCode: '17800', countryCode: 'ES' },
  location: { lat, lng: 2.5156309 },
  phone: '+34 972 27 12 39',
  website: 'www.campinglafageda.example',
  categories: ['Camping'],
});

/** Served first, under the larger id. */
export const FIRST = campsite('fageda-b', 'Càmping La Fageda', 42.158069);
/** The same place under a smaller id, 87 m away. */
export const REPEAT = campsite('fageda-a', 'Camping La Fageda', 42.1572461);
/** A look-alike: its numbering keeps it apart. */
export const TWIN = campsite('fageda-b-2', 'Càmping La Fageda II', 42.158069);
