// One posting list while the word index is built: ascending rowids in an int32 array that grows by half, each once.

/** Rowids a list makes room for first. */
const FIRST_CAPACITY = 8;

/**
 * Four bytes a rowid and at most half as many again free at the end: a JavaScript array of numbers held about
 * ten bytes a rowid in the word index (15.2 MB for the 1.53 M rowids of a 200k import's).
 */
export class RowidList {
  private rowids = new Int32Array(FIRST_CAPACITY);
  private count = 0;

  /** Appends a rowid not below the last one; the last one again is kept once. */
  add(rowid: number): void {
    if (this.count > 0 && this.rowids[this.count - 1] === rowid) return;
    if (this.count === this.rowids.length) {
      const grown = new Int32Array(this.count + (this.count >> 1));
      grown.set(this.rowids);
      this.rowids = grown;
    }
    this.rowids[this.count] = rowid;
    this.count += 1;
  }

  get length(): number {
    return this.count;
  }

  /** The rowids held, in the order added: a view of the list's own array. */
  view(): Int32Array {
    return this.rowids.subarray(0, this.count);
  }
}
