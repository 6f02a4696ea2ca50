// A listing's address (object, one-line or both) and location (numbers, strings, 0,0 or misplaced).
import type { CityEntry, CountryVocabulary } from './country-vocabulary.ts';
import type { Random } from './prng.ts';

const LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

function fillPostal(random: Random, pattern: string): string {
  let out = '';
  for (const char of pattern) {
    if (char === '#') out += String(random.int(10));
    else if (char === 'A') out += LETTERS[random.int(LETTERS.length)];
    else out += char;
  }
  return out;
}

function fakeStreet(random: Random, vocabulary: CountryVocabulary): string {
  const street = random.pick(vocabulary.streets);
  const number = random.between(1, 180);
  if (vocabulary.country === 'gb') return `${number} ${street}`;
  if (random.chance(0.08)) return `${street}, s/n`;
  return `${street}, ${number}`;
}

/** The address fields a listing carries: `address`, `fullAddress`, both or neither. */
export function fakeAddressFields(random: Random, vocabulary: CountryVocabulary, city: CityEntry): Record<string, unknown> {
  const street = fakeStreet(random, vocabulary);
  const postalCode = fillPostal(random, city.postal);
  const countryCode = random.pickWeighted<string>([
    [vocabulary.country.toUpperCase(), 90],
    [vocabulary.country, 6],
    [vocabulary.countryName, 3],
    [vocabulary.country === 'fr' ? 'BE' : 'FR', 1], // a listing from across the border
  ]);
  const fullAddress = vocabulary.country === 'gb'
    ? `${street}, ${city.city} ${postalCode}, ${vocabulary.countryName}`
    : `${street}, ${postalCode} ${city.city}, ${city.state ?? city.city}, ${vocabulary.countryName}`;
  const style = random.next();
  if (style < 0.6) return { address: { street, city: city.city, state: city.state, postalCode, countryCode } };
  if (style < 0.85) {
    return { fullAddress, address: { street: null, city: city.city, state: city.state, postalCode: null, countryCode } };
  }
  if (style < 0.93) return { fullAddress };
  if (style < 0.97) return { address: { city: random.chance(0.2) ? city.city.toUpperCase() : city.city, countryCode } };
  return {};
}

function jitter(random: Random, around: number): number {
  return Math.round((around + (random.next() - 0.5) * 0.16) * 1e7) / 1e7;
}

/** Undefined when the listing has no location field. */
export function fakeLocation(random: Random, city: CityEntry): unknown {
  const lat = jitter(random, city.lat);
  const lng = jitter(random, city.lng);
  const style = random.next();
  if (style < 0.5) return { lat, lng };
  if (style < 0.93) return { lat: lat.toFixed(random.pick([7, 9, 12])), lng: lng.toFixed(random.pick([7, 9, 12])) };
  if (style < 0.95) return random.chance(0.5) ? { lat: 0, lng: 0 } : { lat: '0', lng: '0' };
  if (style < 0.953) return { lat: lng, lng: lat }; // swapped by the provider: outside the country
  if (style < 0.955) return { lat: 'N/A', lng: null };
  return undefined;
}
