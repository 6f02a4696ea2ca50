// Served places as an Arrow table: each public Place field a typed column (nested ones as lists and structs) plus a WKB point.
import { Binary, Bool, Field, Float64, Int32, List, Schema, Struct, Table, Utf8, vectorFromArray, type DataType } from 'apache-arrow';
import type { Place } from '../../model/place.ts';
import { directVector, isDirectType } from './arrow-columns.ts';
import { GEOMETRY_COLUMN } from './geoparquet-metadata.ts';
import { wkbPoint } from './wkb-point.ts';

const text = (name: string): Field => new Field(name, new Utf8(), true);
const listOf = (item: DataType): List => new List(new Field('element', item, true));
const range = new Struct([text('open'), text('close')]);

/**
 * The column of each Place field, in the Place's field order, then the geometry. `openingHours` (a map from the
 * provider's day labels to time ranges, in the provider's order) is a list of {day, hours} so the order survives.
 */
export const EXPORT_COLUMNS: readonly { name: string; type: DataType }[] = [
  { name: 'id', type: new Utf8() },
  { name: 'name', type: new Utf8() },
  { name: 'legalName', type: new Utf8() },
  { name: 'address', type: new Struct([text('street'), text('city'), text('state'), text('postalCode'), text('country')]) },
  { name: 'location', type: new Struct([new Field('latitude', new Float64(), true), new Field('longitude', new Float64(), true)]) },
  { name: 'phone', type: new Utf8() },
  { name: 'phoneType', type: new Utf8() },
  { name: 'additionalPhones', type: listOf(new Struct([text('phone'), text('phoneType'), new Field('whatsappEligible', new Bool(), true)])) },
  { name: 'email', type: new Utf8() },
  { name: 'website', type: new Utf8() },
  { name: 'sourceMapsUrl', type: new Utf8() },
  { name: 'primaryType', type: new Utf8() },
  { name: 'lodgingTypes', type: listOf(new Utf8()) },
  { name: 'lodgingType', type: new Utf8() },
  { name: 'rating', type: new Float64() },
  { name: 'reviewCount', type: new Int32() },
  { name: 'whatsappEligible', type: new Bool() },
  { name: 'verified', type: new Bool() },
  { name: 'openingHours', type: listOf(new Struct([text('day'), new Field('hours', listOf(range), true)])) },
  { name: 'profileUrl', type: new Utf8() },
  { name: GEOMETRY_COLUMN, type: new Binary() },
];

/** One place's value for a column. */
function cellOf(place: Place, column: string): unknown {
  switch (column) {
    case GEOMETRY_COLUMN:
      return place.location ? wkbPoint(place.location.longitude, place.location.latitude) : null;
    case 'openingHours':
      return place.openingHours ? Object.entries(place.openingHours).map(([day, hours]) => ({ day, hours })) : null;
    default:
      return (place as unknown as Record<string, unknown>)[column] ?? null;
  }
}

/** The export's schema: every column nullable (a reader meets the same schema whichever places a file holds). */
export const EXPORT_SCHEMA = new Schema(EXPORT_COLUMNS.map(({ name, type }) => new Field(name, type, true)));

/**
 * The places, in the order given, as an Arrow table of one record batch under the export's schema. Every column is
 * laid out directly (arrow-columns.ts), lists and structs too; a column of a type that module does not lay out would
 * go through Arrow's own builders.
 */
export function placeArrowTable(places: readonly Place[]): Table {
  const vectors = Object.fromEntries(
    EXPORT_COLUMNS.map(({ name, type }) => {
      const cells = places.map((place) => cellOf(place, name));
      return [name, isDirectType(type) ? directVector(type, cells) : vectorFromArray(cells, type)];
    }),
  );
  return new Table(EXPORT_SCHEMA, vectors);
}
