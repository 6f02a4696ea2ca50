// A reader cache's one shape: least recently used first out, bounded in entries and in a total weight (bytes, rowids).

export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private total = 0;

  /** `weigh`: a value's share of `maxWeight` (a value alone over it is never kept). */
  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number,
  ) {}

  /** The kept value, now the most recently used; undefined when not kept. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps the value as the most recently used, then drops the least recently used until both bounds hold. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.total <= this.maxWeight) break;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept values' total weight. */
  get weight(): number {
    return this.total;
  }
}
