// The spec's LodgingType keys, in the data rules' specificity order: plain values, shared by the rules and the Place schema.

/** The spec's LodgingType, in the data rules' specificity order (most specific first). */
export const LODGING_TYPES_BY_SPECIFICITY = [
  'motorhomeArea',
  'campsite',
  'resort',
  'apartment',
  'ruralHouse',
  'bedAndBreakfast',
  'hostel',
  'guesthouse',
  'holidayHome',
  'hotel',
  'lodging',
] as const;
export type LodgingType = (typeof LODGING_TYPES_BY_SPECIFICITY)[number];

export function isLodgingType(value: unknown): value is LodgingType {
  return typeof value === 'string' && (LODGING_TYPES_BY_SPECIFICITY as readonly string[]).includes(value);
}
