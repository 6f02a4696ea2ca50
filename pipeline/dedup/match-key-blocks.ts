// What the same-place pass reads of an import's match keys: blocks of candidate rows with their keys, from memory or from the build's temporary tables.
import type { PlaceMatchKey } from './place-match-key.ts';

/** A group of rows of one name (distinctive words and numbering), rows ascending, with their keys. */
export interface NameBlock {
  rows: readonly number[];
  keys: readonly PlaceMatchKey[];
}

/** A group of rows sharing one phone, rows ascending, with their keys; `phoneAt` is that phone's place among the first row's phones. */
export interface PhoneBlock {
  rows: readonly number[];
  keys: readonly PlaceMatchKey[];
  phoneAt: number;
}

/**
 * Where the pass reads an import's match keys: rows are numbers ascending in the order the listings were first added
 * (gaps allowed). Blocks of two rows or more, in any order: the pass puts their pairs in order itself.
 */
export interface MatchKeyBlocks {
  nameBlocks(): Iterable<NameBlock>;
  phoneBlocks(): Iterable<PhoneBlock>;
}
