// Match keys held in memory as compact columns (typed arrays, interned strings): the same-place pass's blocks over a list of keys.
import type { PlaceMatchKey } from './place-match-key.ts';
import type { MatchKeyBlocks, NameBlock, PhoneBlock } from './match-key-blocks.ts';
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
 * one pool) and its phones (another pool), in the order added. The blocks are found by sorting row numbers, not by a
 * map of every name and phone. An import's build keeps its keys in SQLite instead (snapshot/match-key-store.ts).
 */
export class MatchKeyTable {
  private readonly ids: string[] = [];
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

  static of(keys: readonly PlaceMatchKey[]): MatchKeyTable {
    const table = new MatchKeyTable();
    for (const key of keys) table.add(key);
    return table;
  }

  get length(): number {
    return this.ids.length;
  }

  /** Adds the key of an id the table does not hold. */
  add(key: PlaceMatchKey): void {
    const row = this.ids.length;
    this.ids.push(key.id);
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

  /** The same-place pass's blocks over the rows held (MatchKeyBlocks). */
  blocks(): MatchKeyBlocks {
    return { nameBlocks: () => this.nameBlocks(), phoneBlocks: () => this.phoneBlocks() };
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
      lat: Number.isNaN(this.lat[row]!) ? null : this.lat[row]!,
      lng: Number.isNaN(this.lng[row]!) ? null : this.lng[row]!,
      phones,
      host: this.stringOf(this.host[row]!),
      citySlug: this.stringOf(this.city[row]!),
    };
  }

  private *nameBlocks(): Iterable<NameBlock> {
    const named: number[] = [];
    for (let row = 0; row < this.ids.length; row++) if (this.wordCount[row]! > 0) named.push(row);
    const byName = Int32Array.from(named).sort((a, b) => this.compareNames(a, b) || a - b);
    for (const [start, end] of runs(byName.length, (x, y) => this.compareNames(byName[x]!, byName[y]!) === 0)) {
      const rows = Array.from(byName.subarray(start, end));
      yield { rows, keys: rows.map((row) => this.key(row)) };
    }
  }

  private *phoneBlocks(): Iterable<PhoneBlock> {
    const phones = this.phoneEntries();
    const byPhone = new Int32Array(phones.values.length).map((_, at) => at).sort((a, b) => phones.values[a]! - phones.values[b]! || a - b);
    for (const [start, end] of runs(byPhone.length, (x, y) => phones.values[byPhone[x]!] === phones.values[byPhone[y]!])) {
      const first = byPhone[start]!;
      const rows = Array.from(byPhone.subarray(start, end), (at) => phones.rows[at]!);
      yield { rows, keys: rows.map((row) => this.key(row)), phoneAt: first - phones.starts[phones.rows[first]!]! };
    }
  }

  /** Orders rows by their name's words and numbering (codes, not text): equal names compare 0. */
  private compareNames(a: number, b: number): number {
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

  /** Every row's phones as values equal for equal phones, in row order: [owning row, value] pairs in two arrays, and each row's first entry. */
  private phoneEntries(): { rows: Int32Array; values: Float64Array; starts: Int32Array } {
    let total = 0;
    for (let row = 0; row < this.ids.length; row++) total += this.phoneCount[row]!;
    const rows = new Int32Array(total);
    const values = new Float64Array(total);
    const starts = new Int32Array(this.ids.length);
    let at = 0;
    for (let row = 0; row < this.ids.length; row++) {
      starts[row] = at;
      for (let k = 0; k < this.phoneCount[row]!; k++, at++) {
        rows[at] = row;
        values[at] = this.phoneValues[this.phoneStart[row]! + k]!;
      }
    }
    return { rows, values, starts };
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

/** The runs of two or more equal neighbours among `length` sorted positions, as [start, end) pairs. */
function* runs(length: number, same: (x: number, y: number) => boolean): Iterable<[number, number]> {
  for (let start = 0; start < length; ) {
    let end = start + 1;
    while (end < length && same(start, end)) end++;
    if (end - start > 1) yield [start, end];
    start = end;
  }
}
