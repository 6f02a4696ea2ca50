// The same-place match keys of an import's published listings as compact columns (typed arrays, interned strings), in the order first added.
import type { PlaceMatchKey } from './place-match-key.ts';
import type { PortalKey } from './portal-hosts.ts';
import { InternedCodes } from '../../platform/interned-codes.ts';

/** An E.164 number of up to 15 digits is held as that number (exact in a double); any other text as its interned code. */
const E164 = /^\+[1-9][0-9]{0,14}$/;
const NONE = -1;
const FIRST_CAPACITY = 1024;

function grown<T extends Float64Array | Int32Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  let size = array.length * 2;
  while (size < needed) size *= 2;
  const bigger = new (array.constructor as new (n: number) => T)(size);
  bigger.set(array);
  return bigger;
}

/**
 * One row a listing: its id, point, interned city and host, its name's words then numbering words (interned codes in
 * one pool) and its phones (another pool). A key set again for an id keeps the id's place, as a Map's set does; a
 * deleted id leaves a gap until `compacted()`. 1M listings take ~100 B each here where their keys' JSON and the
 * parsed objects took several times that.
 */
export class MatchKeyTable {
  private ids: (string | null)[] = [];
  private lat = new Float64Array(FIRST_CAPACITY);
  private lng = new Float64Array(FIRST_CAPACITY);
  private city = new Int32Array(FIRST_CAPACITY);
  private host = new Int32Array(FIRST_CAPACITY);
  /** Name codes of row i: nameStart[i], wordCount[i] words, then numberingCount[i] numbering words. */
  private nameStart = new Int32Array(FIRST_CAPACITY);
  private wordCount = new Int32Array(FIRST_CAPACITY);
  private numberingCount = new Int32Array(FIRST_CAPACITY);
  private names = new Int32Array(FIRST_CAPACITY);
  private namesUsed = 0;
  /** Phones of row i: phoneStart[i], phoneCount[i] values in phoneValues. */
  private phoneStart = new Int32Array(FIRST_CAPACITY);
  private phoneCount = new Int32Array(FIRST_CAPACITY);
  private phoneValues = new Float64Array(FIRST_CAPACITY);
  private phonesUsed = 0;
  private readonly interned = new InternedCodes();
  /** Row of an id, made on the first set or delete of an id already added (a repeated id in the export). */
  private rowOf: Map<string, number> | null = null;
  /** Whether a row was set again or deleted: the pools are then out of row order until compacted. */
  private rewritten = false;

  static of(keys: readonly PlaceMatchKey[]): MatchKeyTable {
    const table = new MatchKeyTable();
    for (const key of keys) table.add(key);
    return table;
  }

  /** Rows, gaps included (none once compacted). */
  get length(): number {
    return this.ids.length;
  }

  /** Adds the key of an id the table does not hold. */
  add(key: PlaceMatchKey): void {
    const row = this.ids.length;
    this.ids.push(key.id);
    this.rowOf?.set(key.id, row);
    const needed = row + 1;
    if (needed > this.lat.length) {
      this.lat = grown(this.lat, needed);
      this.lng = grown(this.lng, needed);
      this.city = grown(this.city, needed);
      this.host = grown(this.host, needed);
      this.nameStart = grown(this.nameStart, needed);
      this.wordCount = grown(this.wordCount, needed);
      this.numberingCount = grown(this.numberingCount, needed);
      this.phoneStart = grown(this.phoneStart, needed);
      this.phoneCount = grown(this.phoneCount, needed);
    }
    this.write(row, key);
  }

  /** The key of an id set (its row kept when it has one, else added last), or deleted (null). */
  set(id: string, key: PlaceMatchKey | null): void {
    if (this.rowOf === null) {
      this.rowOf = new Map();
      this.ids.forEach((held, row) => {
        if (held !== null) this.rowOf!.set(held, row);
      });
    }
    const row = this.rowOf.get(id);
    if (row === undefined) {
      if (key !== null) this.add(key);
      return;
    }
    this.rewritten = true;
    if (key === null) {
      this.ids[row] = null;
      this.rowOf.delete(id);
    } else this.write(row, key);
  }

  /** The same keys in the same order, without gaps and with the pools in row order. */
  compacted(): MatchKeyTable {
    if (!this.rewritten) return this;
    const table = new MatchKeyTable();
    for (let row = 0; row < this.ids.length; row++) if (this.ids[row] !== null) table.add(this.key(row));
    return table;
  }

  id(row: number): string {
    return this.ids[row]!;
  }

  latOf(row: number): number | null {
    return Number.isNaN(this.lat[row]!) ? null : this.lat[row]!;
  }

  lngOf(row: number): number | null {
    return Number.isNaN(this.lng[row]!) ? null : this.lng[row]!;
  }

  citySlugOf(row: number): string | null {
    return this.stringOf(this.city[row]!);
  }

  /** Whether the name has distinctive words (a row without joins no name block). */
  hasWords(row: number): boolean {
    return this.wordCount[row]! > 0;
  }

  /** Orders rows by their name's words and numbering (codes, not text): equal names compare 0. */
  compareNames(a: number, b: number): number {
    const words = this.wordCount[a]! - this.wordCount[b]!;
    if (words !== 0) return words;
    const numbering = this.numberingCount[a]! - this.numberingCount[b]!;
    if (numbering !== 0) return numbering;
    const n = this.wordCount[a]! + this.numberingCount[a]!;
    for (let k = 0; k < n; k++) {
      const d = this.names[this.nameStart[a]! + k]! - this.names[this.nameStart[b]! + k]!;
      if (d !== 0) return d;
    }
    return 0;
  }

  /** Every row's phones as values equal for equal phones, in row order: [owning row, value] pairs in two arrays. */
  phoneEntries(): { rows: Int32Array; values: Float64Array } {
    let total = 0;
    for (let row = 0; row < this.ids.length; row++) if (this.ids[row] !== null) total += this.phoneCount[row]!;
    const rows = new Int32Array(total);
    const values = new Float64Array(total);
    let at = 0;
    for (let row = 0; row < this.ids.length; row++) {
      if (this.ids[row] === null) continue;
      for (let k = 0; k < this.phoneCount[row]!; k++, at++) {
        rows[at] = row;
        values[at] = this.phoneValues[this.phoneStart[row]! + k]!;
      }
    }
    return { rows, values };
  }

  key(row: number): PlaceMatchKey {
    const phones: string[] = [];
    for (let at = this.phoneStart[row]!, end = at + this.phoneCount[row]!; at < end; at++) phones.push(this.phoneText(this.phoneValues[at]!));
    const start = this.nameStart[row]!;
    const words = start + this.wordCount[row]!;
    return {
      id: this.ids[row]!,
      words: this.namesOf(start, words),
      numbering: this.namesOf(words, words + this.numberingCount[row]!),
      lat: this.latOf(row),
      lng: this.lngOf(row),
      phones,
      host: this.stringOf(this.host[row]!),
      citySlug: this.citySlugOf(row),
    };
  }

  /** What the portal-host pass reads, of the rows whose host another row shares (a host of one place is no portal), in row order. */
  sharedHostKeys(): PortalKey[] {
    const count = new Int32Array(this.interned.values.length);
    for (let row = 0; row < this.ids.length; row++) if (this.ids[row] !== null && this.host[row] !== NONE) count[this.host[row]!]! += 1;
    const keys: PortalKey[] = [];
    for (let row = 0; row < this.ids.length; row++) {
      if (this.ids[row] === null || this.host[row] === NONE || count[this.host[row]!]! < 2) continue;
      const start = this.nameStart[row]!;
      keys.push({ id: this.ids[row]!, words: this.namesOf(start, start + this.wordCount[row]!), host: this.interned.values[this.host[row]!]! });
    }
    return keys;
  }

  private write(row: number, key: PlaceMatchKey): void {
    this.lat[row] = key.lat ?? NaN;
    this.lng[row] = key.lng ?? NaN;
    this.city[row] = this.codeOf(key.citySlug);
    this.host[row] = this.codeOf(key.host);
    const n = key.words.length + key.numbering.length;
    this.names = grown(this.names, this.namesUsed + n);
    this.nameStart[row] = this.namesUsed;
    this.wordCount[row] = key.words.length;
    this.numberingCount[row] = key.numbering.length;
    for (const word of key.words) this.names[this.namesUsed++] = this.codeOf(word);
    for (const word of key.numbering) this.names[this.namesUsed++] = this.codeOf(word);
    this.phoneValues = grown(this.phoneValues, this.phonesUsed + key.phones.length);
    this.phoneStart[row] = this.phonesUsed;
    this.phoneCount[row] = key.phones.length;
    for (const phone of key.phones) this.phoneValues[this.phonesUsed++] = E164.test(phone) ? Number(phone.slice(1)) : -1 - this.codeOf(phone);
  }

  private namesOf(start: number, end: number): string[] {
    const names: string[] = [];
    for (let at = start; at < end; at++) names.push(this.interned.values[this.names[at]!]!);
    return names;
  }

  private phoneText(value: number): string {
    return value >= 0 ? `+${value}` : this.interned.values[-1 - value]!;
  }

  private codeOf(text: string | null): number {
    return text === null ? NONE : this.interned.code(text);
  }

  private stringOf(code: number): string | null {
    return code === NONE ? null : this.interned.values[code]!;
  }
}
