// A flat log of (key, rowid) pairs in int32 chunks, grouped by key at the end: posting lists without an array per list.

/** Pairs a chunk holds: 256 KiB of keys and as much of rowids. */
const CHUNK = 1 << 16;

/** The log grouped by key: key k's rowids are `rowids[starts[k]] … rowids[starts[k + 1] - 1]`, ascending, each once. */
export interface GroupedPostings {
  starts: Int32Array;
  rowids: Int32Array;
}

/**
 * Pairs appended in ascending rowid order (several keys per rowid, a key again for the same rowid is kept once),
 * eight bytes a pair in chunks of typed arrays; `grouped` orders them by key (a counting sort, so each key's rowids
 * stay in the order appended) into one int32 array, freeing the chunks as it goes.
 */
export class PostingLog {
  private readonly keyChunks: Int32Array[] = [];
  private readonly rowidChunks: Int32Array[] = [];
  /** Pairs in the last chunk. */
  private filled = CHUNK;
  private largestKey = -1;

  /** Appends a pair; keys are 0 or more, rowids never smaller than the last appended. */
  add(key: number, rowid: number): void {
    if (this.filled === CHUNK) {
      this.keyChunks.push(new Int32Array(CHUNK));
      this.rowidChunks.push(new Int32Array(CHUNK));
      this.filled = 0;
    }
    this.keyChunks.at(-1)![this.filled] = key;
    this.rowidChunks.at(-1)![this.filled] = rowid;
    this.filled += 1;
    if (key > this.largestKey) this.largestKey = key;
  }

  /** Pairs appended (repeats included). */
  get size(): number {
    return this.keyChunks.length === 0 ? 0 : (this.keyChunks.length - 1) * CHUNK + this.filled;
  }

  /** Every pair by key, for keys 0 to `keys` - 1 (at least every key appended); the log is empty after. */
  grouped(keys = this.largestKey + 1): GroupedPostings {
    if (keys <= this.largestKey) throw new RangeError(`posting log: key ${this.largestKey} past the ${keys} keys asked for`);
    const { keyChunks, rowidChunks } = this;
    const lengthOf = (index: number) => (index === keyChunks.length - 1 ? this.filled : CHUNK);
    const starts = new Int32Array(keys + 1);
    for (let c = 0; c < keyChunks.length; c += 1) {
      const chunk = keyChunks[c]!;
      for (let i = 0, length = lengthOf(c); i < length; i += 1) starts[chunk[i]! + 1]! += 1;
    }
    for (let k = 0; k < keys; k += 1) starts[k + 1]! += starts[k]!;
    const rowids = new Int32Array(starts[keys]!);
    const next = starts.slice(0, keys);
    for (let c = 0; c < keyChunks.length; c += 1) {
      const keyChunk = keyChunks[c]!;
      const rowidChunk = rowidChunks[c]!;
      for (let i = 0, length = lengthOf(c); i < length; i += 1) {
        const key = keyChunk[i]!;
        const rowid = rowidChunk[i]!;
        const at = next[key]!;
        if (at > starts[key]! && rowids[at - 1] === rowid) continue;
        rowids[at] = rowid;
        next[key] = at + 1;
      }
      keyChunks[c] = rowidChunks[c] = EMPTY;
    }
    // Repeats left gaps at the ends of their keys' ranges: closed up, in order.
    let to = 0;
    for (let k = 0; k < keys; k += 1) {
      const from = starts[k]!;
      const end = next[k]!;
      starts[k] = to;
      if (from !== to) rowids.copyWithin(to, from, end);
      to += end - from;
    }
    starts[keys] = to;
    keyChunks.length = 0;
    rowidChunks.length = 0;
    this.filled = CHUNK;
    this.largestKey = -1;
    return { starts, rowids: rowids.subarray(0, to) };
  }
}

const EMPTY = new Int32Array(0);
