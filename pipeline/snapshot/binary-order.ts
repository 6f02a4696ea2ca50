// Text compared as SQLite compares TEXT by default (the bytes of UTF-8), so JS and SQL orders of a key agree.

/** UTF-16 code units mapped so that their order is code point order: surrogates above U+E000–U+FFFF. */
const rank = (unit: number): number => (unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit);

export function compareBinary(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return rank(x) - rank(y);
  }
  return a.length - b.length;
}
