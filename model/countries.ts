// The four published countries: default phone region, language and the generous area a location must fall in.
import type { CountryCode } from './place.ts';

export type Language = 'es' | 'en' | 'fr' | 'pt';

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

export interface Country {
  code: CountryCode;
  /** libphonenumber-js default region for numbers written without a country code. */
  phoneRegion: 'ES' | 'GB' | 'FR' | 'PT';
  language: Language;
  name: string;
  /** Any one box containing the point is enough: mainland plus islands and overseas parts. */
  areas: BoundingBox[];
  /** How the provider and addresses may name the country, lower-case, accents stripped. */
  names: string[];
}

export const COUNTRIES: Record<CountryCode, Country> = {
  es: {
    code: 'es',
    phoneRegion: 'ES',
    language: 'es',
    name: 'Spain',
    areas: [
      { minLat: 35.0, maxLat: 44.5, minLng: -10.0, maxLng: 5.0 }, // mainland, Balearics
      { minLat: 27.3, maxLat: 29.6, minLng: -18.5, maxLng: -13.0 }, // Canary Islands
      { minLat: 35.1, maxLat: 36.0, minLng: -5.6, maxLng: -2.8 }, // Ceuta, Melilla
    ],
    names: ['es', 'esp', 'spain', 'espana', 'espanya', 'espainia'],
  },
  gb: {
    code: 'gb',
    phoneRegion: 'GB',
    language: 'en',
    name: 'United Kingdom',
    areas: [
      { minLat: 49.8, maxLat: 61.0, minLng: -8.8, maxLng: 2.0 }, // Great Britain, Northern Ireland, Scilly, Shetland
    ],
    names: ['gb', 'uk', 'gbr', 'united kingdom', 'great britain', 'england', 'scotland', 'wales', 'northern ireland'],
  },
  fr: {
    code: 'fr',
    phoneRegion: 'FR',
    language: 'fr',
    name: 'France',
    areas: [
      { minLat: 41.2, maxLat: 51.2, minLng: -5.5, maxLng: 9.7 }, // metropolitan France, Corsica
      { minLat: 14.3, maxLat: 18.2, minLng: -63.2, maxLng: -60.7 }, // Guadeloupe, Martinique, Saint-Martin
      { minLat: 2.0, maxLat: 6.0, minLng: -54.7, maxLng: -51.5 }, // French Guiana
      { minLat: -21.5, maxLat: -12.5, minLng: 44.9, maxLng: 55.9 }, // Réunion, Mayotte
      { minLat: 46.7, maxLat: 47.2, minLng: -56.5, maxLng: -56.0 }, // Saint-Pierre-et-Miquelon
      { minLat: -23.0, maxLat: -19.0, minLng: 163.0, maxLng: 169.0 }, // New Caledonia
      { minLat: -28.0, maxLat: -7.0, minLng: -155.0, maxLng: -134.0 }, // French Polynesia
    ],
    names: ['fr', 'fra', 'france'],
  },
  pt: {
    code: 'pt',
    phoneRegion: 'PT',
    language: 'pt',
    name: 'Portugal',
    areas: [
      { minLat: 36.8, maxLat: 42.3, minLng: -9.6, maxLng: -6.1 }, // mainland
      { minLat: 32.3, maxLat: 33.2, minLng: -17.4, maxLng: -16.2 }, // Madeira, Porto Santo
      { minLat: 29.9, maxLat: 30.2, minLng: -16.1, maxLng: -15.8 }, // Savage Islands
      { minLat: 36.8, maxLat: 39.8, minLng: -31.4, maxLng: -24.9 }, // Azores
    ],
    names: ['pt', 'prt', 'portugal'],
  },
};
