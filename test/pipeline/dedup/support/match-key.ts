// A same-place match key for tests: a name's words, a point in Olot, no phone or host, unless `extra` says otherwise.
import { nameWords, type PlaceMatchKey } from '../../../../pipeline/dedup/place-match-key.ts';

export const matchKey = (id: string, name: string, extra: Partial<PlaceMatchKey> = {}): PlaceMatchKey => ({
  id,
  ...nameWords(name),
  lat: 42.158,
  lng: 2.5156,
  phones: [],
  host: null,
  citySlug: 'olot',
  ...extra,
});
