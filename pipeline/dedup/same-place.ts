// Decides whether two published listings are one place, from their match keys; says which signals agreed (docs/data-rules.md, "One place, published once").
import type { PlaceMatchKey } from './place-match-key.ts';

/** Same name, points this close: one place whatever the contacts say (the Cassis hotels repeated under other ids). */
export const SAME_POINT_METRES = 100;
/** Same name and a shared phone: one place up to this far apart (one camp site geocoded at two gates). */
export const SAME_NAME_PHONE_METRES = 1000;
/** One name inside the other ("Nautico" / "Caledonia Hotel Náutico") and a shared phone: one place up to this far apart. */
export const CONTAINED_NAME_METRES = 250;

export type MatchSignal = 'name' | 'name-contained' | 'distance' | 'phone' | 'website' | 'city';

export interface PairVerdict {
  same: boolean;
  signals: MatchSignal[];
  /** Metres between the two points, when both have one. */
  metres: number | null;
}

const APART: PairVerdict = Object.freeze({ same: false, signals: [], metres: null });
const EARTH_RADIUS_METRES = 6_371_000;

export function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** 'same': the distinctive words are equal; 'contained': one name's words are all in the other's; else null. */
export function nameRelation(a: PlaceMatchKey, b: PlaceMatchKey): 'same' | 'contained' | null {
  if (a.words.length === 0 || b.words.length === 0) return null;
  if (!equalLists(a.numbering, b.numbering)) return null;
  if (equalLists(a.words, b.words)) return 'same';
  const [small, large] = a.words.length < b.words.length ? [a, b] : [b, a];
  const larger = new Set(large.words);
  return small.words.length < large.words.length && small.words.every((word) => larger.has(word)) ? 'contained' : null;
}

function equalLists(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sharesAny(a: readonly string[], b: readonly string[]): boolean {
  return a.some((value) => b.includes(value));
}

/**
 * One place when the names agree and where they are agrees: the same name at the same point (≤ 100 m); the same name
 * and a shared phone within 1 km; one name inside the other and a shared phone within 250 m. Without two points, the
 * same known city and a shared phone or website (a name inside the other: a shared phone). Two places whose phones are all
 * different, or whose numbering differs ("I" / "II"), are never one.
 */
export function samePlace(a: PlaceMatchKey, b: PlaceMatchKey): PairVerdict {
  const relation = nameRelation(a, b);
  if (relation === null) return APART;
  const phone = sharesAny(a.phones, b.phones);
  if (!phone && a.phones.length > 0 && b.phones.length > 0) return APART;
  const website = a.host !== null && a.host === b.host;
  const nameSignal: MatchSignal = relation === 'same' ? 'name' : 'name-contained';
  const contacts: MatchSignal[] = [...(phone ? (['phone'] as const) : []), ...(website ? (['website'] as const) : [])];
  if (a.lat !== null && a.lng !== null && b.lat !== null && b.lng !== null) {
    const metres = Math.round(metresBetween({ lat: a.lat, lng: a.lng }, { lat: b.lat, lng: b.lng }));
    const same =
      relation === 'same'
        ? metres <= SAME_POINT_METRES || (phone && metres <= SAME_NAME_PHONE_METRES)
        : phone && metres <= CONTAINED_NAME_METRES;
    return same ? { same, signals: [nameSignal, 'distance', ...contacts], metres } : { same: false, signals: [], metres };
  }
  if (a.citySlug === null || a.citySlug !== b.citySlug) return APART;
  const same = relation === 'same' ? phone || website : phone;
  return same ? { same, signals: [nameSignal, 'city', ...contacts], metres: null } : APART;
}
