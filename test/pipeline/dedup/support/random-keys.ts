// A small random import's match keys with many repeated names, phones, cities and hosts, the same every run.
import type { PlaceMatchKey } from '../../../../pipeline/dedup/place-match-key.ts';
import { matchKey as key } from './match-key.ts';

/** A small random import with many repeated names, phones, cities and hosts (a seeded LCG: the same every run). */
export function randomKeys(count: number, seed: number): PlaceMatchKey[] {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const names = ['Hotel Sol', 'Casa Azul', 'Fageda II', 'Camping Lete', 'Hostal Mar 2', 'Hotel', 'Sol Mar', 'Apartamentos Sol 02'];
  return Array.from({ length: count }, (_, i) =>
    key(`es-${String(next(1_000_000)).padStart(6, '0')}-${i}`, names[next(names.length)]!, {
      lat: next(5) === 0 ? null : 40 + next(40) * 0.011,
      lng: next(7) === 0 ? null : 1 + next(40) * 0.011,
      phones: [...new Set(Array.from({ length: next(3) }, () => (next(4) === 0 ? `0${next(30)}` : `+3497200${String(next(60)).padStart(4, '0')}`)))],
      host: next(3) === 0 ? null : `h${next(20)}.example`,
      citySlug: next(6) === 0 ? null : `city-${next(4)}`,
    }),
  );
}

