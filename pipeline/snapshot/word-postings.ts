// The word index's content: each folded word of the served places' names, cities and labels → the places holding it.
import { RowidList } from './rowid-list.ts';
import { searchWords } from './search-words.ts';
import { memoText } from '../normalise/text-memo.ts';

/** Where a word stands in a place: its names (name, legalName), its city, or its provider category labels. */
export const WORD_KINDS = ['name', 'city', 'label'] as const;
export type WordKind = (typeof WORD_KINDS)[number];

/** The searchable text of one served place, as the snapshot's SQL reads it out of the place JSON. */
export interface PlaceWordsRow {
  rowid: number;
  name: unknown;
  legalName: unknown;
  city: unknown;
  /** JSON text of lodgingTypes (a string array). */
  labels: unknown;
}

/** A text's search words one space apart; the words of a city or a label are worked out once for each value. */
const spacedWords = memoText((text: string) => searchWords(text).join(' '));

/**
 * A place's searchable words as PostingsCollector.addWords reads them: the words of its name and legalName, of its
 * city, and of its labels, a line each in that order, one space apart (a word holds letters and digits only).
 * `nameWords`: the name's words one space apart, when the caller has them already.
 */
export function placeWordsText(
  place: { name: unknown; legalName: unknown; address: { city: unknown } | null; lodgingTypes: unknown },
  nameWords: string = typeof place.name === 'string' ? spacedWords(place.name) : '',
): string {
  const joined = (words: string, more: unknown): string => {
    if (typeof more !== 'string') return words;
    const added = spacedWords(more);
    return words === '' ? added : added === '' ? words : `${words} ${added}`;
  };
  let labelWords = '';
  if (Array.isArray(place.lodgingTypes)) for (const label of place.lodgingTypes) labelWords = joined(labelWords, label);
  return `${joined(nameWords, place.legalName)}\n${joined('', place.address?.city)}\n${labelWords}`;
}

/** A word's places per kind: rowids ascending, each once. */
export type PostingLists = Record<WordKind, Int32Array>;

/** Reads rows in rowid order and keeps, per word and kind, the ascending rowids of the places holding it. */
export class PostingsCollector {
  private readonly lists = new Map<string, Record<WordKind, RowidList>>();

  /** Distinct words seen. */
  get size(): number {
    return this.lists.size;
  }

  add(row: PlaceWordsRow): void {
    this.addText(row.rowid, 'name', row.name);
    this.addText(row.rowid, 'name', row.legalName);
    this.addText(row.rowid, 'city', row.city);
    if (typeof row.labels === 'string') {
      let labels: unknown;
      try {
        labels = JSON.parse(row.labels);
      } catch {
        labels = [];
      }
      if (Array.isArray(labels)) for (const label of labels) this.addText(row.rowid, 'label', label);
    }
  }

  /**
   * The same as `add`, from a place's words as placeWordsText wrote them where the record was made: its name words
   * (name, then legalName), its city words and its label words, a line each, one space apart.
   */
  addWords(rowid: number, text: string): void {
    let kind = 0;
    let start = 0;
    for (let at = 0; at <= text.length; at += 1) {
      const code = at === text.length ? 10 : text.charCodeAt(at);
      if (code !== 10 && code !== 32) continue;
      if (at > start) this.addWord(rowid, WORD_KINDS[kind]!, text.slice(start, at));
      if (code === 10) kind += 1;
      start = at + 1;
    }
  }

  /** Each word in the order first seen, with its posting lists (views of the collector's own arrays). */
  *words(): Generator<[string, PostingLists]> {
    for (const [word, lists] of this.lists) yield [word, { name: lists.name.view(), city: lists.city.view(), label: lists.label.view() }];
  }

  private addText(rowid: number, kind: WordKind, text: unknown): void {
    if (typeof text !== 'string') return;
    for (const word of searchWords(text)) this.addWord(rowid, kind, word);
  }

  private addWord(rowid: number, kind: WordKind, word: string): void {
    let lists = this.lists.get(word);
    if (!lists) {
      lists = { name: new RowidList(), city: new RowidList(), label: new RowidList() };
      this.lists.set(word, lists);
    }
    lists[kind].add(rowid);
  }
}

/**
 * Rowids as the stored blob: the gaps between ascending rowids (the first from 0), each an unsigned LEB128 varint,
 * seven bits a byte, low bits first. Most gaps take one or two bytes where an int32 took four, and the object stores'
 * brotli keeps the 200k snapshot's word index in 1.0 MB where the int32 arrays took 2.6 MB (docs/benchmarks.md).
 */
export function rowidsBlob(rowids: ArrayLike<number> & Iterable<number>): Buffer {
  const buffer = Buffer.allocUnsafe(rowids.length * 5);
  let at = 0;
  let previous = 0;
  for (const rowid of rowids) {
    let gap = rowid - previous;
    if (!Number.isInteger(gap) || gap < 1 || rowid > 2 ** 31 - 1) throw new RangeError(`rowids must ascend within int32, got ${rowid} after ${previous}`);
    previous = rowid;
    while (gap >= 0x80) {
      buffer[at++] = (gap & 0x7f) | 0x80;
      gap >>>= 7;
    }
    buffer[at++] = gap;
  }
  return Buffer.from(buffer.subarray(0, at));
}

/**
 * A stored blob back as rowids (rowidsBlob's gaps summed). A number the blob ends inside (a hand-made file) is
 * dropped; anything but bytes reads as no places. Sums wrap at 32 bits, as an int32 array would hold them.
 */
export function blobRowids(blob: unknown): Int32Array {
  if (!(blob instanceof Uint8Array)) return new Int32Array(0);
  let count = 0;
  for (let i = 0; i < blob.length; i += 1) if (blob[i]! < 0x80) count += 1;
  const rowids = new Int32Array(count);
  let rowid = 0;
  let at = 0;
  for (let n = 0; n < count; n += 1) {
    let gap = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = blob[at++]!;
      gap += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte >= 0x80);
    rowid = (rowid + gap) | 0;
    rowids[n] = rowid;
  }
  return rowids;
}

/**
 * The blob of a file built before the gaps (schema version 6 and before: statements.ts) as rowids: int32
 * little-endian; a tail shorter than four bytes (a hand-made file) is dropped.
 */
export function int32BlobRowids(blob: unknown): Int32Array {
  if (!(blob instanceof Uint8Array) || blob.length < 4) return new Int32Array(0);
  const count = Math.floor(blob.length / 4);
  const copy = new Int32Array(count);
  if (LITTLE_ENDIAN) {
    // One copy of the bytes: the stored order is the machine's.
    new Uint8Array(copy.buffer).set(blob.subarray(0, count * 4));
    return copy;
  }
  const view = new DataView(blob.buffer, blob.byteOffset, count * 4);
  for (let i = 0; i < count; i += 1) copy[i] = view.getInt32(i * 4, true);
  return copy;
}

const LITTLE_ENDIAN = new Uint8Array(Int32Array.of(1).buffer)[0] === 1;
