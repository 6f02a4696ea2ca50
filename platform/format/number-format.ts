// The one way numbers and sizes are written for people: thousands separators, binary units with at most one decimal.

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A whole count with separators: 1183 → "1,183". */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

/** A count with its noun, singular for one: (1183, 'place') → "1,183 places". */
export function formatCountOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

/** An exact size in bytes: 300433 → "300,433 bytes". */
export function formatByteCount(bytes: number): string {
  return formatCountOf(bytes, 'byte');
}

const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const;

/** A size rounded for reading, in binary units: 2147483648 → "2 GiB", 1572864 → "1.5 MiB", 900 → "900 bytes". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return formatByteCount(bytes);
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${ONE_DECIMAL.format(value)} ${UNITS[unit]}`;
}

/** A share as a percentage with one decimal: 0.1234 → "12.3%". */
export function formatPercent(share: number): string {
  return `${ONE_DECIMAL.format(share * 100)}%`;
}
