// A snapshot's facet columns in memory as typed arrays (lodging type, city, whatsapp, verified by rowid): the facet
// counts of a result, or of what filters select, are a pass over ints, not SQL GROUP BYs.
import type Database from 'better-sqlite3';
import { compareBinary } from './binary-order.ts';
import { CITY_FACET_SIZE, type FacetCounts, type FacetName } from './reader-types.ts';
import { FACET_COLUMNS_SQL } from './ordered-statements.ts';
import { InternedCodes } from '../../platform/interned-codes.ts';

/** Equality filters as stored values (a canonical city slug; whatsapp and verified as 0 or 1). */
export interface FacetFilter {
  city?: string;
  lodgingType?: string;
  whatsapp?: number;
  verified?: number;
}

const NO_CITY = -1;

export class FacetColumns {
  private readonly present: Uint8Array;
  private readonly type: Uint16Array;
  private readonly city: Int32Array;
  private readonly whatsapp: Uint8Array;
  private readonly verified: Uint8Array;
  private readonly types = new InternedCodes();
  private readonly cities = new InternedCodes();
  /** Rowids grouped by city code: byCity[cityStarts[c] .. cityStarts[c + 1]). */
  private readonly cityStarts: Int32Array;
  private readonly byCity: Int32Array;

  /** `size`: one above the highest rowid. */
  constructor(db: Database.Database, private readonly size: number) {
    this.present = new Uint8Array(size);
    this.type = new Uint16Array(size);
    this.city = new Int32Array(size).fill(NO_CITY);
    this.whatsapp = new Uint8Array(size);
    this.verified = new Uint8Array(size);
    // From the indexes alone (the table's rows hold the JSON too): the (city, type) groups with their sizes, then the
    // rowids in the same order, so no string is read per place; then the rows with whatsapp and with verified.
    const groups = db.prepare(FACET_COLUMNS_SQL.cityTypeGroups).raw(true).all() as [string | null, string, number][];
    const ordered = Int32Array.from(db.prepare(FACET_COLUMNS_SQL.rowidsByCityType).pluck().all() as number[]);
    const cityStarts: number[] = [];
    let at = 0;
    let noCity = 0;
    for (const [city, type, count] of groups) {
      const typeCode = this.types.code(String(type));
      let cityCode = NO_CITY;
      if (city === null) noCity += count;
      else {
        const known = this.cities.find(String(city));
        cityCode = known ?? this.cities.code(String(city));
        if (known === undefined) cityStarts.push(at - noCity);
      }
      for (const end = Math.min(at + count, ordered.length); at < end; at += 1) {
        const rowid = ordered[at]!;
        if (rowid <= 0 || rowid >= size) continue;
        this.present[rowid] = 1;
        this.type[rowid] = typeCode;
        this.city[rowid] = cityCode;
      }
    }
    // Places without a city sort first: the rest, grouped by city, is the by-city list.
    this.byCity = ordered.subarray(noCity);
    cityStarts.push(this.byCity.length);
    this.cityStarts = Int32Array.from(cityStarts);
    for (const [column, sql] of [[this.whatsapp, FACET_COLUMNS_SQL.whatsapp] as const, [this.verified, FACET_COLUMNS_SQL.verified] as const]) {
      for (const rowid of db.prepare(sql).pluck().all() as number[]) if (rowid > 0 && rowid < size) column[rowid] = 1;
    }
  }

  /** About how many bytes the columns hold: the typed arrays, and the codes' strings. */
  get bytes(): number {
    const arrays = [this.present, this.type, this.city, this.whatsapp, this.verified, this.cityStarts];
    let bytes = arrays.reduce((sum, array) => sum + array.byteLength, 0) + this.byCity.buffer.byteLength;
    for (const value of [...this.types.values, ...this.cities.values]) bytes += 2 * (32 + value.length);
    return bytes;
  }

  /** The counts of these facets over the rows the filters select, read in place (no list of rows is made). */
  countSelected(facets: readonly FacetName[], filter: FacetFilter): FacetCounts {
    const type = filter.lodgingType === undefined ? -1 : this.types.find(filter.lodgingType);
    const city = filter.city === undefined ? -1 : this.cities.find(filter.city);
    const whatsapp = filter.whatsapp ?? -1;
    const verified = filter.verified ?? -1;
    return this.counted(facets, (visit) => {
      if (type === undefined || city === undefined) return;
      const keeps = (rowid: number): boolean =>
        (type < 0 || this.type[rowid] === type) && (whatsapp < 0 || this.whatsapp[rowid] === whatsapp) && (verified < 0 || this.verified[rowid] === verified);
      if (city >= 0) {
        for (let at = this.cityStarts[city]!; at < this.cityStarts[city + 1]!; at += 1) if (keeps(this.byCity[at]!)) visit(this.byCity[at]!);
      } else {
        for (let rowid = 1; rowid < this.size; rowid += 1) if (this.present[rowid] === 1 && keeps(rowid)) visit(rowid);
      }
    });
  }

  /** The counts of these facets over the given rows (the SQL GROUP BYs' answers: keys in the same order). */
  count(facets: readonly FacetName[], rowids: ArrayLike<number>): FacetCounts {
    return this.counted(facets, (visit) => {
      for (let i = 0; i < rowids.length; i += 1) {
        const rowid = rowids[i]!;
        if (rowid > 0 && rowid < this.size && this.present[rowid] === 1) visit(rowid);
      }
    });
  }

  private counted(facets: readonly FacetName[], rows: (visit: (rowid: number) => void) => void): FacetCounts {
    const types = new Int32Array(this.types.values.length);
    const cities = new Int32Array(this.cities.values.length);
    let whatsapp = 0;
    let verified = 0;
    let total = 0;
    rows((rowid) => {
      total += 1;
      const type = this.type[rowid]!;
      types[type] = types[type]! + 1;
      const city = this.city[rowid]!;
      if (city !== NO_CITY) cities[city] = cities[city]! + 1;
      whatsapp += this.whatsapp[rowid]!;
      verified += this.verified[rowid]!;
    });
    const counts: FacetCounts = {};
    for (const facet of facets) {
      if (facet === 'lodgingType') counts.lodgingType = this.largest(types, this.types.values, false);
      else if (facet === 'city') counts.city = this.largest(cities, this.cities.values, true);
      else if (facet === 'whatsappEligible') counts.whatsappEligible = { true: whatsapp, false: total - whatsapp };
      else counts.verified = { true: verified, false: total - verified };
    }
    return counts;
  }

  /** Values counted at least once: by value, or (`top`) the CITY_FACET_SIZE largest, ties by value. */
  private largest(counts: Int32Array, values: readonly string[], top: boolean): Record<string, number> {
    const codes: number[] = [];
    for (let code = 0; code < counts.length; code += 1) if (counts[code]! > 0) codes.push(code);
    codes.sort((a, b) => (top ? counts[b]! - counts[a]! : 0) || compareBinary(values[a]!, values[b]!));
    const result: Record<string, number> = {};
    for (const code of top ? codes.slice(0, CITY_FACET_SIZE) : codes) result[values[code]!] = counts[code]!;
    return result;
  }
}
