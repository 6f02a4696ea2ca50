// The word index's content: each folded word of the served places' names, cities and labels → the places holding it.
import { RowidList } from './rowid-list.ts';
import { searchWords } from './search-words.ts';

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

  /** Each word in the order first seen, with its posting lists (views of the collector's own arrays). */
  *words(): Generator<[string, PostingLists]> {
    for (const [word, lists] of this.lists) yield [word, { name: lists.name.view(), city: lists.city.view(), label: lists.label.view() }];
  }

  private addText(rowid: number, kind: WordKind, text: unknown): void {
    if (typeof text !== 'string') return;
    for (const word of searchWords(text)) {
      let lists = this.lists.get(word);
      if (!lists) {
        lists = { name: new RowidList(), city: new RowidList(), label: new RowidList() };
        this.lists.set(word, lists);
      }
      lists[kind].add(rowid);
    }
  }
}

/** Rowids as the stored blob: int32 little-endian. */
export function rowidsBlob(rowids: ArrayLike<number>): Buffer {
  if (LITTLE_ENDIAN && rowids instanceof Int32Array) return Buffer.from(rowids.buffer, rowids.byteOffset, rowids.byteLength);
  const buffer = Buffer.alloc(rowids.length * 4);
  for (let i = 0; i < rowids.length; i += 1) buffer.writeInt32LE(rowids[i]!, i * 4);
  return buffer;
}

/** A stored blob back as rowids; a blob of another length than a multiple of 4 (a hand-made file) loses its tail. */
export function blobRowids(blob: unknown): Int32Array {
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
