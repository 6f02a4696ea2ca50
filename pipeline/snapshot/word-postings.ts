// The word index's content: each folded word of the served places' names, cities and labels → the places holding it.
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

/** Rowids per kind, ascending, as plain arrays while building. */
export type PostingLists = Record<WordKind, number[]>;

/** Reads rows in rowid order and keeps, per word and kind, the ascending rowids of the places holding it. */
export class PostingsCollector {
  readonly words = new Map<string, PostingLists>();

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

  private addText(rowid: number, kind: WordKind, text: unknown): void {
    if (typeof text !== 'string') return;
    for (const word of searchWords(text)) {
      let lists = this.words.get(word);
      if (!lists) {
        lists = { name: [], city: [], label: [] };
        this.words.set(word, lists);
      }
      const list = lists[kind];
      if (list.at(-1) !== rowid) list.push(rowid);
    }
  }
}

/** Rowids as the stored blob: int32 little-endian. */
export function rowidsBlob(rowids: readonly number[]): Buffer {
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
