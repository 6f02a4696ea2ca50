// The change feed's include=fields: each added or changed place with its served record, and the public fields that differ.
import { withProfileUrl } from '../../model/served-place.ts';
import { PLACE_FIELDS } from '../../model/place.ts';
import type { ChangeRows } from '../../pipeline/snapshot/reader-types.ts';

/** The Place fields whose values differ between two served records of one place, in the Place's field order. */
export function changedFields(previousJson: string, placeJson: string): string[] {
  const before = JSON.parse(previousJson) as Record<string, unknown>;
  const after = JSON.parse(placeJson) as Record<string, unknown>;
  return PLACE_FIELDS.filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null));
}

/**
 * The `added`, `changed` and `removed` lists as JSON text: added and changed as `{"id","place"}` (changed with
 * `changedFields`), the place exactly as GET /api/v1/places/{id} answers it; removed stay ids, but for a place merged
 * into another, `{"id","replacedBy"}` with the id it is served under now.
 */
export function changeListsJson(rows: ChangeRows['changes'], publicUrl: string): string {
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  for (const row of rows) {
    const id = JSON.stringify(row.id);
    if (row.change === 'removed' || row.place === undefined) {
      removed.push(row.replacedBy === undefined ? id : `{"id":${id},"replacedBy":${JSON.stringify(row.replacedBy)}}`);
      continue;
    }
    const place = withProfileUrl(row.place, row.id, publicUrl);
    if (row.change === 'added') added.push(`{"id":${id},"place":${place}}`);
    else changed.push(`{"id":${id},"place":${place},"changedFields":${JSON.stringify(row.previous === undefined ? [...PLACE_FIELDS] : changedFields(row.previous, row.place))}}`);
  }
  return `"added":[${added.join(',')}],"changed":[${changed.join(',')}],"removed":[${removed.join(',')}]`;
}
