// Test-owned provider exports (the provider export format): one row per behaviour the API tests check, plus bulk rows for paging.

export type ProviderListing = Record<string, unknown>;

/** Ids the tests look up by name; each is `<cc>-<providerId>`. */
export const IDS = {
  mint: 'es-mad-78018',
  aparthotel: 'es-mad-aparthotel',
  spa: 'es-mad-spa',
  hostal: 'es-mad-hostal',
  coruna: 'es-cor-pension',
  reserved: 'es-odd/id?x=1#frag%20 y+z',
  script: 'es-xss-1',
  unknownLabels: 'es-unknown-labels',
  unreachable: 'es-mad-unreachable',
  closed: 'es-mad-closed',
  rejected: 'es-mad-restaurant',
  suppressed: 'es-mad-suppressed',
  gbBelfast: 'gb-fhrs-58904',
} as const;

const madrid = (street: string) => ({ street, city: 'Madrid', state: 'Madrid', postalCode: '28013', countryCode: 'ES' });

export const ES_LISTINGS: ProviderListing[] = [
  {
    providerId: 'mad-78018',
    name: 'Vincci The Mint',
    legalName: 'Vincci Hoteles SA',
    address: madrid('Gran Vía, 10'),
    location: { lat: '40.4195785', lng: '-3.6985626' },
    phone: '(+34) 91 490 26 50',
    phones: ['+34 612 34 56 78', '91 490 26 51'],
    email: 'reservas@vinccithemint.es',
    website: 'www.vinccithemint.es/?utm_source=listing',
    mapsUrl: 'https://maps.google.com/?cid=1234567890',
    categories: ['Hotel', '4 estrellas'],
    rating: '4,5',
    reviewCount: '1.234',
    verified: true,
    openingHours: { lunes: '9:00–21:00', domingo: 'Cerrado' },
    businessStatus: 'OPERATIONAL',
  },
  { providerId: 'mad-aparthotel', name: 'Aparthotel Centro', address: madrid('Calle Mayor 2'), categories: ['Apartahotel'], phone: '915 550 001' },
  { providerId: 'mad-spa', name: 'Hotel Balneario Las Termas', address: madrid('Calle Mayor 3'), categories: ['Hotel balneario'], verified: 'true' },
  { providerId: 'mad-hostal', name: 'Hostal Sol', address: madrid('Puerta del Sol 4'), categories: ['Hostal'], phone: '612 000 111' },
  {
    providerId: 'cor-pension',
    name: 'Pensión María Pita',
    address: { street: 'Rúa Real 5', city: 'A Coruña', state: 'A Coruña', countryCode: 'ES' },
    categories: ['Pensión'],
  },
  { providerId: 'odd/id?x=1#frag%20 y+z', name: 'Odd Id Inn', address: madrid('Calle Rara 6'), categories: ['Hotel'] },
  { providerId: 'xss-1', name: '<script>alert("x")</script> & Co', address: madrid('Calle Segura 7'), categories: ['Hotel'] },
  { providerId: 'unknown-labels', name: 'Sitio Raro', address: madrid('Calle Nueva 8'), categories: ['Zzyzx lugar desconocido'] },
  {
    providerId: 'mad-unreachable',
    name: 'Casa Sin WhatsApp',
    address: madrid('Calle Muda 9'),
    phone: '612 999 888',
    whatsappCheck: { phone: '+34612999888', reachable: false },
    categories: ['Casa rural'],
  },
  { providerId: 'mad-closed', name: 'Hotel Cerrado', address: madrid('Calle Vieja 10'), categories: ['Hotel'], businessStatus: 'CLOSED_PERMANENTLY' },
  { providerId: 'mad-restaurant', name: 'Restaurante Bueno', address: madrid('Calle Comida 11'), categories: ['Restaurante'] },
  { providerId: 'mad-suppressed', name: 'Hotel Opt Out', address: madrid('Calle Baja 12'), categories: ['Hotel'] },
  { providerId: 'bcn-camping', name: 'Camping Barcelona', address: { city: 'Barcelona', countryCode: 'ES' }, categories: ['Camping'] },
  { providerId: 'mad-albergue', name: 'Albergue Juvenil Madrid', address: madrid('Calle Joven 13'), categories: ['Albergue juvenil'] },
];

/** Bulk rows for paging: 60 Madrid hotels, alternately verified and WhatsApp-reachable, so every filter walks several pages. */
export const BULK_LISTINGS: ProviderListing[] = Array.from({ length: 60 }, (_, i) => ({
  providerId: `bulk-${String(i).padStart(3, '0')}`,
  name: `Hotel Madrid Bulk ${i}`,
  address: madrid(`Calle Bulk ${i}`),
  categories: ['Hotel'],
  phone: i % 2 === 0 ? `612 100 ${String(100 + i)}` : `915 100 ${String(100 + i)}`,
  verified: i % 3 === 0,
}));

export const GB_LISTINGS: ProviderListing[] = [
  {
    providerId: 'fhrs-58904',
    name: 'Ashfield Bed & Breakfast',
    address: { street: '383 Holywood Road', city: 'Belfast', state: 'Northern Ireland', postalCode: 'BT4 2LS', countryCode: 'GB' },
    location: { lat: '54.608889', lng: '-5.867582' },
    categories: ['Bed & breakfast'],
  },
];

/** The suppression list file (data dir) that takes IDS.suppressed out of publication. */
export const SUPPRESSION_LIST = `id ${IDS.suppressed}  # test: opt-out request\n`;

export function toJsonl(listings: ProviderListing[]): string {
  return listings.map((listing) => JSON.stringify(listing)).join('\n') + '\n';
}
