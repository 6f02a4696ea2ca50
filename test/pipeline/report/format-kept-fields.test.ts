// The kept and new places' table for a terminal: both shares of the kept places, how many lost the field, the new places' share.
import { describe, expect, it } from 'vitest';
import { formatKeptFields, keptFieldRows } from '../../../pipeline/report/format-kept-fields.ts';

describe('the kept and new places by field', () => {
  const fill = {
    kept: 300,
    newPlaces: 200,
    fields: [
      { field: 'website', before: 180, after: 180, lost: 0, newFilled: 0 },
      { field: 'rating', before: 0, after: 0, lost: 0, newFilled: 0 },
      { field: 'phone', before: 300, after: 60, lost: 240, newFilled: 190 },
    ],
  };

  it('the most lost first, then the new places the furthest below; fields no place has are left out', () => {
    expect(keptFieldRows(fill).map((f) => f.field)).toEqual(['phone', 'website']);
    expect(formatKeptFields(fill)).toEqual([
      'Places kept from the current snapshot (300, same id) and new places (200), by field: what the field-loss gate reads',
      '  field    kept: now  candidate  lost it  new places',
      '  phone       100.0%      20.0%      240       95.0%',
      '  website      60.0%      60.0%        0        0.0%',
    ]);
  });

  it('nothing to show on a first import, or when no place has any field', () => {
    expect(formatKeptFields(null)).toEqual([]);
    expect(formatKeptFields({ kept: 0, newPlaces: 0, fields: fill.fields.map((f) => ({ ...f, before: 0, after: 0, lost: 0, newFilled: 0 })) })).toEqual([]);
  });
});
