// pipeline/normalise/opening-hours.ts: its rules input → output, then the edges mutation testing found.
import { describe, expect, it } from 'vitest';
import { normaliseOpeningHours, parseHoursText } from '../../../pipeline/normalise/opening-hours.ts';
import type { TimeRange } from '../../../model/place.ts';

const range = (open: string, close: string): TimeRange => ({ open, close });
const ALL_DAY = [range('00:00', '24:00')];

describe('parseHoursText', () => {
  it.each<[string, string, TimeRange[]]>([
    ['es', '9:00–21:00', [range('09:00', '21:00')]],
    ['es', '9:00 - 21:00', [range('09:00', '21:00')]],
    ['es', '9:00 a 14:00', [range('09:00', '14:00')]],
    ['es', '9:00-13:00, 16:00-20:00', [range('09:00', '13:00'), range('16:00', '20:00')]],
    ['es', '9:00 a 14:00 y 17:00 a 20:00', [range('09:00', '14:00'), range('17:00', '20:00')]],
    ['es', 'de 9:00 a 14:00', [range('09:00', '14:00')]],
    ['es', 'desde las 8:30 hasta las 15:00', [range('08:30', '15:00')]],
    ['es', 'Cerrado', []],
    ['es', 'cerrado.', []],
    ['es', 'Abierto 24 horas', ALL_DAY],
    ['es', '22:00–0:00', [range('22:00', '24:00')]],
    ['es', '20:00-02:00', [range('20:00', '02:00')]],
    ['gb', '9:00 AM–5:00 PM', [range('09:00', '17:00')]],
    ['gb', '9:00\u202FAM\u2009–\u20095:00\u202FPM', [range('09:00', '17:00')]],
    ['gb', '11:00 – 2:00 PM', [range('11:00', '14:00')]],
    ['gb', '6:00 – 10:00 PM', [range('18:00', '22:00')]],
    ['gb', '12 PM to 12 AM', [range('12:00', '24:00')]],
    ['gb', '9 a.m. to 5 p.m.', [range('09:00', '17:00')]],
    ['gb', '7:30 AM–12:00 PM, 1:00–6:00 PM', [range('07:30', '12:00'), range('13:00', '18:00')]],
    ['gb', 'Closed', []],
    ['gb', 'Open 24 hours', ALL_DAY],
    ['gb', '24/7', ALL_DAY],
    ['fr', '9h-18h', [range('09:00', '18:00')]],
    ['fr', '9h30-18h', [range('09:30', '18:00')]],
    ['fr', '9h-12h et 14h-18h', [range('09:00', '12:00'), range('14:00', '18:00')]],
    ['fr', 'de 9h à 12h', [range('09:00', '12:00')]],
    ['fr', '08:00–12:00 / 14:00–19:00', [range('08:00', '12:00'), range('14:00', '19:00')]],
    ['fr', 'Fermé', []],
    ['fr', 'Ouvert 24h/24', ALL_DAY],
    ['fr', '24h/24', ALL_DAY],
    ['fr', '00:00–00:00', ALL_DAY],
    ['pt', '9:00–18:00', [range('09:00', '18:00')]],
    ['pt', '9:00 às 13:00 e 15:00 às 19:00', [range('09:00', '13:00'), range('15:00', '19:00')]],
    ['pt', 'das 9h às 13h e das 15h às 19h', [range('09:00', '13:00'), range('15:00', '19:00')]],
    ['pt', 'Fechado', []],
    ['pt', 'Encerrado', []],
    ['pt', 'Aberto 24 horas', ALL_DAY],
  ])('%s: %j', (_language, text, expected) => {
    expect(parseHoursText(text)).toEqual(expected);
  });

  it.each([
    ['an appointment note', 'Sólo con cita previa'],
    ['an open note without hours', 'Abierto'],
    ['an hour beyond the day', '9:00-25:00'],
    ['minutes beyond the hour', '9:75-18:00'],
    ['a 12-hour time beyond 12', '13:00 PM-5:00 PM'],
    ['an opening time of 24:00', '24:00-02:00'],
    ['a range with one end', '9:00-'],
    ['closed mixed with hours', 'Cerrado, 9:00-13:00'],
    ['empty text', '   '],
  ])('cannot read %s', (_name, text) => {
    expect(parseHoursText(text)).toBeNull();
  });
});

describe('normaliseOpeningHours', () => {
  it.each<[string, unknown, Record<string, TimeRange[]>]>([
    ['es', { lunes: '9:00–21:00', domingo: 'Cerrado' }, { lunes: [range('09:00', '21:00')], domingo: [] }],
    ['gb', { Monday: '9:00 AM–5:00 PM', Sunday: 'Open 24 hours' }, { Monday: [range('09:00', '17:00')], Sunday: ALL_DAY }],
    ['fr', { ' lundi ': '9h-12h et 14h-18h', dimanche: 'Fermé' }, { lundi: [range('09:00', '12:00'), range('14:00', '18:00')], dimanche: [] }],
    ['pt', { 'segunda-feira': '9:00–18:00', domingo: 'Fechado' }, { 'segunda-feira': [range('09:00', '18:00')], domingo: [] }],
    ['any', { Lu: [{ open: '9:00', close: '17:00' }], Ma: [] }, { Lu: [range('09:00', '17:00')], Ma: [] }],
    ['any', { Mo: ['9:00-13:00', '16:00-20:00'] }, { Mo: [range('09:00', '13:00'), range('16:00', '20:00')] }],
    ['any', { Mo: '9:00-17:00', Tu: null, We: '' }, { Mo: [range('09:00', '17:00')] }],
  ])('%s: reads %j', (_language, raw, expected) => {
    const result = normaliseOpeningHours(raw);
    expect(result.issues).toEqual([]);
    expect(result.value).toEqual(expected);
  });

  it('keeps a label named "__proto__" as an ordinary day', () => {
    const raw = JSON.parse('{"__proto__": "9:00-17:00"}') as unknown;
    const result = normaliseOpeningHours(raw);
    expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
    expect(Object.entries(result.value ?? {})).toEqual([['__proto__', [range('09:00', '17:00')]]]);
  });

  it.each<[string, unknown, string[]]>([
    ['es', { lunes: '9:00–21:00', martes: 'Sólo con cita' }, ['martes']],
    ['gb', { Monday: 'By appointment', Tuesday: 'Ask at the bar' }, ['Monday', 'Tuesday']],
    ['fr', { lundi: 9 }, ['lundi']],
    ['pt', { domingo: [{ open: '9:00' }] }, ['domingo']],
    ['any', { '  ': '9:00-17:00' }, ['']],
  ])('%s: makes the whole field null for %j, naming the day', (_language, raw, labels) => {
    const result = normaliseOpeningHours(raw);
    expect(result.value).toBeNull();
    expect(result.issues.map((found) => found.code)).toEqual(labels.map(() => 'unreadable-hours'));
    labels.forEach((label, index) => expect(result.issues[index]?.detail).toContain(`"${label}"`));
  });

  it.each([
    ['text', 'Mon-Fri 9:00-17:00'],
    ['an array', [{ open: '09:00', close: '17:00' }]],
    ['a number', 24],
  ])('reports %s as wrong-type', (_name, raw) => {
    const result = normaliseOpeningHours(raw);
    expect(result.value).toBeNull();
    expect(result.issues).toEqual([expect.objectContaining({ field: 'openingHours', code: 'wrong-type' })]);
  });

  it.each([undefined, null, '', {}])('reads the missing value %j as null without an issue', (raw) => {
    expect(normaliseOpeningHours(raw)).toEqual({ value: null, issues: [] });
  });
});

// Opening-hours edges the main tests leave open: minute and hour bounds, a meridiem written once on the closing time,
// empty pieces between separators, dots inside times, range objects of the wrong shape, and each issue's text.
describe('edge cases', () => {
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
});
