// Columns laid out directly hold what Arrow's own builders make of the same values, and the Parquet written from them is the same bytes.
import { Binary, Bool, Field, Float64, Int32, List, Schema, Struct, Table, tableToIPC, Utf8, vectorFromArray, type DataType } from 'apache-arrow';
import { Compression, Table as ParquetTable, writeParquet, WriterPropertiesBuilder } from 'parquet-wasm';
import { describe, expect, it } from 'vitest';
import { directVector, isDirectType } from '../../../pipeline/exports/arrow-columns.ts';

const address = new Struct([new Field('street', new Utf8(), true), new Field('city', new Utf8(), true)]);
const location = new Struct([new Field('latitude', new Float64(), true), new Field('longitude', new Float64(), true)]);

const CASES: { name: string; type: DataType; values: unknown[] }[] = [
  { name: 'text', type: new Utf8(), values: ['Hostal', null, '', 'Casa Ñandú 🏕', 'Ciudad Rodrigo', null, 'ß', 'x'.repeat(300)] },
  { name: 'text without nulls', type: new Utf8(), values: ['a', 'bb', 'ccc'] },
  { name: 'bytes', type: new Binary(), values: [new Uint8Array([1, 2, 3]), null, new Uint8Array(0), new Uint8Array([255])] },
  { name: 'doubles', type: new Float64(), values: [4.5, null, -0.25, 0, 1e-7, null, 36.123456789] },
  { name: 'integers', type: new Int32(), values: [0, null, 17, -3, 2_000_000_000] },
  { name: 'booleans', type: new Bool(), values: [true, false, null, true, true, false, false, true, null, true] },
  { name: 'a struct of text', type: address, values: [{ street: 'Calle Mayor 1', city: 'Madrid' }, { street: null, city: 'Sevilla' }, null, { street: 'Rúa Nova', city: null }] },
  { name: 'a struct of doubles', type: location, values: [{ latitude: 40.4, longitude: -3.7 }, null, { latitude: 0, longitude: 0 }] },
];

describe('directVector', () => {
  it.each(CASES)('$name: the same values and nulls as vectorFromArray', ({ type, values }) => {
    const direct = directVector(type, values);
    const built = vectorFromArray(values, type);
    expect(direct.length).toBe(values.length);
    expect(direct.nullCount).toBe(built.nullCount);
    expect(direct.toJSON()).toEqual(built.toJSON());
  });

  it('the Parquet written from direct columns is byte for byte the one written from the builders', () => {
    const fields = CASES.slice(0, 6).map(({ name, type }) => new Field(name.replace(/ /g, '_'), type, true));
    // Every column the same length: the first five values of each case.
    const columns = (make: (type: DataType, values: unknown[]) => unknown) =>
      Object.fromEntries(CASES.slice(0, 6).map(({ name, type, values }) => [name.replace(/ /g, '_'), make(type, values.slice(0, 3))]));
    const schema = new Schema(fields);
    const write = (table: Table) =>
      writeParquet(ParquetTable.fromIPCStream(tableToIPC(table, 'stream')), new WriterPropertiesBuilder().setCompression(Compression.SNAPPY).build());
    const direct = write(new Table(schema, columns((type, values) => directVector(type, values)) as never));
    const built = write(new Table(schema, columns((type, values) => vectorFromArray(values, type)) as never));
    expect(Buffer.from(direct).equals(Buffer.from(built))).toBe(true);
  });

  it('takes text, bytes, Float64, Int32, booleans and structs of them, and refuses lists', () => {
    for (const { type } of CASES) expect(isDirectType(type)).toBe(true);
    const list = new List(new Field('element', new Utf8(), true));
    expect(isDirectType(list)).toBe(false);
    expect(isDirectType(new Struct([new Field('names', list, true)]))).toBe(false);
    expect(() => directVector(list, [['a']])).toThrow(/no direct layout/);
  });
});
