// Columns laid out directly hold what Arrow's own builders make of the same values, and the Parquet written from them is the same bytes.
import { Binary, Bool, Field, Float64, Int32, Int64, List, Schema, Struct, Table, tableToIPC, Utf8, Vector, vectorFromArray, type DataType } from 'apache-arrow';
import { Compression, Table as ParquetTable, writeParquet, WriterPropertiesBuilder } from 'parquet-wasm';
import { describe, expect, it } from 'vitest';
import { directVector, isDirectType } from '../../../pipeline/exports/arrow-columns.ts';

const address = new Struct([new Field('street', new Utf8(), true), new Field('city', new Utf8(), true)]);
const location = new Struct([new Field('latitude', new Float64(), true), new Field('longitude', new Float64(), true)]);
const listOf = (item: DataType) => new List(new Field('element', item, true));
const phone = new Struct([new Field('phone', new Utf8(), true), new Field('phoneType', new Utf8(), true), new Field('whatsappEligible', new Bool(), true)]);
const range = new Struct([new Field('open', new Utf8(), true), new Field('close', new Utf8(), true)]);
const day = new Struct([new Field('day', new Utf8(), true), new Field('hours', listOf(range), true)]);

const CASES: { name: string; type: DataType; values: unknown[] }[] = [
  { name: 'text', type: new Utf8(), values: ['Hostal', null, '', 'Casa Ñandú 🏕', 'Ciudad Rodrigo', null, 'ß', 'x'.repeat(300)] },
  { name: 'text without nulls', type: new Utf8(), values: ['a', 'bb', 'ccc'] },
  { name: 'bytes', type: new Binary(), values: [new Uint8Array([1, 2, 3]), null, new Uint8Array(0), new Uint8Array([255])] },
  { name: 'doubles', type: new Float64(), values: [4.5, null, -0.25, 0, 1e-7, null, 36.123456789] },
  { name: 'integers', type: new Int32(), values: [0, null, 17, -3, 2_000_000_000] },
  { name: 'booleans', type: new Bool(), values: [true, false, null, true, true, false, false, true, null, true] },
  { name: 'a struct of text', type: address, values: [{ street: 'Calle Mayor 1', city: 'Madrid' }, { street: null, city: 'Sevilla' }, null, { street: 'Rúa Nova', city: null }] },
  { name: 'a struct of doubles', type: location, values: [{ latitude: 40.4, longitude: -3.7 }, null, { latitude: 0, longitude: 0 }] },
  { name: 'a list of text', type: listOf(new Utf8()), values: [['hotel', 'lodging'], null, [], ['camping', null, 'Ñ']] },
  {
    name: 'a list of structs',
    type: listOf(phone),
    values: [[{ phone: '+34600000001', phoneType: 'mobile', whatsappEligible: true }], [], null, [{ phone: '+34910000001', phoneType: 'landline', whatsappEligible: false }, null, { phone: null, phoneType: null, whatsappEligible: null }]],
  },
  {
    name: 'a list of structs holding lists',
    type: listOf(day),
    values: [
      [{ day: 'Monday', hours: [{ open: '09:00', close: '13:00' }, { open: '16:00', close: '20:00' }] }, { day: 'Sunday', hours: [] }],
      null,
      [{ day: 'Lunes', hours: null }, { day: 'Martes', hours: [null, { open: '00:00', close: '24:00' }] }],
      [],
    ],
  },
];

/** A column's values as plain JS, lists and structs all the way down: what a reader gets, whatever the buffers' padding. */
function plain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Vector) return Array.from({ length: value.length }, (_, i) => plain(value.get(i)));
  if (value instanceof Uint8Array) return [...value];
  if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return Object.fromEntries(Object.entries((value as { toJSON(): object }).toJSON()).map(([key, item]) => [key, plain(item)]));
  }
  return value;
}

describe('directVector', () => {
  it.each(CASES)('$name: the same values and nulls as vectorFromArray', ({ type, values }) => {
    const direct = directVector(type, values);
    const built = vectorFromArray(values, type);
    expect(direct.length).toBe(values.length);
    expect(direct.nullCount).toBe(built.nullCount);
    expect(plain(direct)).toEqual(plain(built));
  });

  it('the Parquet written from direct columns is byte for byte the one written from the builders', () => {
    const fields = CASES.map(({ name, type }) => new Field(name.replace(/ /g, '_'), type, true));
    // Every column the same length: the first three values of each case.
    const columns = (make: (type: DataType, values: unknown[]) => unknown) =>
      Object.fromEntries(CASES.map(({ name, type, values }) => [name.replace(/ /g, '_'), make(type, values.slice(0, 3))]));
    const schema = new Schema(fields);
    const write = (table: Table) =>
      writeParquet(ParquetTable.fromIPCStream(tableToIPC(table, 'stream')), new WriterPropertiesBuilder().setCompression(Compression.SNAPPY).build());
    const direct = write(new Table(schema, columns((type, values) => directVector(type, values)) as never));
    const built = write(new Table(schema, columns((type, values) => vectorFromArray(values, type)) as never));
    expect(Buffer.from(direct).equals(Buffer.from(built))).toBe(true);
  });

  it('takes text, bytes, Float64, Int32, booleans, and structs and lists of them; refuses other types', () => {
    for (const { type } of CASES) expect(isDirectType(type)).toBe(true);
    const longs = listOf(new Int64());
    expect(isDirectType(new Int64())).toBe(false);
    expect(isDirectType(longs)).toBe(false);
    expect(isDirectType(new Struct([new Field('counts', longs, true)]))).toBe(false);
    expect(() => directVector(longs, [[1n]])).toThrow(/no direct layout/);
  });
});
