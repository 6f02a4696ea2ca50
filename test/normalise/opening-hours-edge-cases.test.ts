// Opening-hours edges the main tests leave open: minute and hour bounds, a meridiem written once on the closing time,
// empty pieces between separators, dots inside times, range objects of the wrong shape, and each issue's text.
import { describe, expect, it } from 'vitest';
import { normaliseOpeningHours, parseHoursText } from '../../pipeline/normalise/opening-hours.ts';
import type { TimeRange } from '../../model/place.ts';

const range = (open: string, close: string): TimeRange => ({ open, close });

describe('parseHoursText edge cases', () => {
  it.each<[string, TimeRange[] | null]>([
    // minutes up to 59, hours up to 24:00 exactly
    ['9:59-17:00', [range('09:59', '17:00')]],
    ['9:60-17:00', null],
    ['20:00-24:00', [range('20:00', '24:00')]],
    ['20:00-24:30', null],
    ['20:00-25:00', null],
    // a 12-hour clock has no hour 0
    ['0:00 AM–5:00 PM', null],
    ['13:00 PM–5:00 PM', null],
    // the meridiem written once: the opening time takes the one that keeps it before the close, else the other
    ['5:00 – 5:00 PM', [range('05:00', '17:00')]],
    ['11:00 – 2:00 AM', [range('23:00', '02:00')]],
    ['11:00 – 2:00 PM', [range('11:00', '14:00')]],
    // dots inside times are separators, only a final dot is dropped
    ['9.30-17.00', [range('09:30', '17:00')]],
    ['9.30-17.00.', [range('09:30', '17:00')]],
    // empty pieces between separators are skipped; nothing but separators is unreadable, not "closed"
    ['9:00-13:00,', [range('09:00', '13:00')]],
    [', 9:00-13:00', [range('09:00', '13:00')]],
    ['9:00-13:00;; 16:00-20:00', [range('09:00', '13:00'), range('16:00', '20:00')]],
    [',', null],
    [', ;', null],
    ['.', null],
  ])('reads %j as %j', (text, expected) => {
    expect(parseHoursText(text)).toEqual(expected);
  });
});

describe('normaliseOpeningHours edge cases', () => {
  it.each<[unknown, TimeRange[] | null]>([
    [[{ open: ' 9:00', close: '17:00 ' }], [range('09:00', '17:00')]],
    [[{ open: 9, close: 17 }], null],
    [[{ open: '9:00', close: 17 }], null],
    [[{ open: 9, close: '17:00' }], null],
    [[{ open: '9:00' }], null],
    [[{ open: 'nine', close: 'five' }], null],
    [[{ open: '9:00', close: '–17:00' }], null],
    [[null], null],
    [[5], null],
    [[{ open: '9:00', close: '13:00' }, null], null],
  ])('reads the day list %j as %j', (day, expected) => {
    const result = normaliseOpeningHours({ lunes: day });
    if (expected === null) {
      expect(result).toEqual({
        value: null,
        issues: [{ field: 'openingHours', code: 'unreadable-hours', value: `lunes: ${JSON.stringify(day)}`, detail: 'cannot read the hours of "lunes"' }],
      });
    } else {
      expect(result).toEqual({ value: { lunes: expected }, issues: [] });
    }
  });

  it.each<[unknown, string]>([
    [42, 'lunes: 42'],
    [true, 'lunes: true'],
    [{ a: 1 }, 'lunes: {"a":1}'],
    ['nunca', 'lunes: nunca'],
  ])('shows an unreadable day %j as %j', (value, shown) => {
    expect(normaliseOpeningHours({ lunes: value }).issues.map((i) => i.value)).toEqual([shown]);
  });

  it.each<[unknown, string]>([
    ['9:00-17:00', 'expected an object of day → hours, got a string'],
    [[], 'expected an object of day → hours, got an array'],
    [42, 'expected an object of day → hours, got a number'],
  ])('rejects %j with the detail %j', (raw, detail) => {
    const result = normaliseOpeningHours(raw);
    expect(result.value).toBeNull();
    expect(result.issues.map((i) => [i.code, i.detail])).toEqual([['wrong-type', detail]]);
  });
});
