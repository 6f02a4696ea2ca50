// Arrow columns laid out directly from JS values: text, bytes, numbers, booleans, and structs and lists of them, without a builder per value.
import { Binary, Bool, DataType, Float64, Int32, List, makeData, makeVector, Struct, Utf8, type Data, type Vector } from 'apache-arrow';

/** The validity bitmap of values (bit set: not null) and how many are null; none when nothing is null. */
function validityOf(values: readonly unknown[]): { nullBitmap: Uint8Array | undefined; nullCount: number } {
  let nullCount = 0;
  for (const value of values) if (value === null || value === undefined) nullCount += 1;
  if (nullCount === 0) return { nullBitmap: undefined, nullCount };
  const nullBitmap = new Uint8Array((values.length + 7) >> 3);
  values.forEach((value, i) => {
    if (value !== null && value !== undefined) nullBitmap[i >> 3]! |= 1 << (i & 7);
  });
  return { nullBitmap, nullCount };
}

/** Text: the strings' UTF-8 bytes one after the other, with their offsets. */
function utf8Data(values: readonly unknown[]): Data<Utf8> {
  const valueOffsets = new Int32Array(values.length + 1);
  let bytes = 0;
  values.forEach((value, i) => {
    if (typeof value === 'string') bytes += Buffer.byteLength(value, 'utf8');
    valueOffsets[i + 1] = bytes;
  });
  const data = Buffer.allocUnsafe(bytes);
  values.forEach((value, i) => {
    if (typeof value === 'string') data.write(value, valueOffsets[i]!, 'utf8');
  });
  return makeData({ type: new Utf8(), length: values.length, ...validityOf(values), valueOffsets, data: new Uint8Array(data.buffer, data.byteOffset, bytes) });
}

/** Bytes: each value's bytes one after the other, with their offsets. */
function binaryData(values: readonly unknown[]): Data<Binary> {
  const valueOffsets = new Int32Array(values.length + 1);
  let bytes = 0;
  values.forEach((value, i) => {
    if (value instanceof Uint8Array) bytes += value.byteLength;
    valueOffsets[i + 1] = bytes;
  });
  const data = new Uint8Array(bytes);
  values.forEach((value, i) => {
    if (value instanceof Uint8Array) data.set(value, valueOffsets[i]!);
  });
  return makeData({ type: new Binary(), length: values.length, ...validityOf(values), valueOffsets, data });
}

function float64Data(values: readonly unknown[]): Data<Float64> {
  return makeData({ type: new Float64(), length: values.length, ...validityOf(values), data: Float64Array.from(values, (value) => (typeof value === 'number' ? value : 0)) });
}

function int32Data(values: readonly unknown[]): Data<Int32> {
  return makeData({ type: new Int32(), length: values.length, ...validityOf(values), data: Int32Array.from(values, (value) => (typeof value === 'number' ? value : 0)) });
}

function boolData(values: readonly unknown[]): Data<Bool> {
  const data = new Uint8Array((values.length + 7) >> 3);
  values.forEach((value, i) => {
    if (value === true) data[i >> 3]! |= 1 << (i & 7);
  });
  return makeData({ type: new Bool(), length: values.length, ...validityOf(values), data });
}

function structData(type: Struct, values: readonly unknown[]): Data<Struct> {
  const children = type.children.map((field) => dataOf(field.type, values.map((value) => (value === null || value === undefined ? null : ((value as Record<string, unknown>)[field.name] ?? null)))));
  return makeData({ type, length: values.length, ...validityOf(values), children });
}

/** A list: every value's items one after the other as the child column, with each value's offsets into it. */
function listData(type: List, values: readonly unknown[]): Data<List> {
  const valueOffsets = new Int32Array(values.length + 1);
  const items: unknown[] = [];
  values.forEach((value, i) => {
    if (Array.isArray(value)) for (const item of value) items.push(item);
    valueOffsets[i + 1] = items.length;
  });
  return makeData({ type, length: values.length, ...validityOf(values), valueOffsets, child: dataOf(type.valueType, items) });
}

/** Whether `dataOf` lays this type out itself: text, bytes, Float64, Int32, booleans, and structs and lists of those. */
export function isDirectType(type: DataType): boolean {
  if (DataType.isUtf8(type) || DataType.isBinary(type) || DataType.isBool(type)) return true;
  if (DataType.isFloat(type)) return type instanceof Float64;
  if (DataType.isInt(type)) return type instanceof Int32;
  if (DataType.isStruct(type)) return type.children.every((field) => isDirectType(field.type));
  if (DataType.isList(type)) return isDirectType(type.valueType);
  return false;
}

function dataOf(type: DataType, values: readonly unknown[]): Data {
  if (DataType.isUtf8(type)) return utf8Data(values);
  if (DataType.isBinary(type)) return binaryData(values);
  if (DataType.isBool(type)) return boolData(values);
  if (type instanceof Float64) return float64Data(values);
  if (type instanceof Int32) return int32Data(values);
  if (DataType.isStruct(type)) return structData(type, values);
  if (DataType.isList(type)) return listData(type, values);
  throw new TypeError(`no direct layout for the Arrow type ${String(type)}`);
}

/** The values (null or undefined for a null) as a vector of a type `isDirectType` accepts. */
export function directVector(type: DataType, values: readonly unknown[]): Vector {
  return makeVector(dataOf(type, values));
}
