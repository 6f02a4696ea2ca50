// What a lodgingType is called on the pages (data/lodging-types/names.json), never the provider's label.
import names from '../../data/lodging-types/names.json' with { type: 'json' };
import type { LodgingType } from '../../model/lodging-types.ts';

const ENGLISH: Readonly<Record<string, string>> = names.en;

/** "Guest house" for guesthouse; the key itself if the table ever lacks one (a test checks it never does). */
export function lodgingTypeName(type: LodgingType): string {
  return ENGLISH[type] ?? type;
}
